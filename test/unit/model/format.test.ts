// Numbers, prices, percentages and times in VS Code's display language; what
// is copied stays exactly what the service sent, whatever the language.
import * as assert from 'node:assert/strict';
import { copyMachines } from '../../../src/model/copyFormats';
import {
  formatInteger,
  formatOneDecimal,
  formatPercent,
  formatPrice,
  formatPricePerGpu,
  formatTime,
  getDisplayLocale,
  setDisplayLocale,
  templateCount,
} from '../../../src/model/format';
import { machineDetails, machineSummary } from '../../../src/model/machines';
import { machineRecord } from '../../support/records';

let freshLanguages = 0;

describe('formatting in the display language', () => {
  afterEach(() => setDisplayLocale('en'));

  it('German: decimal comma, point for thousands, a no-break space before %', () => {
    assert.equal(formatPricePerGpu(1234.5, 'de'), '1.234,50');
    assert.equal(formatPricePerGpu(3.33 / 2, 'de'), '1,665');
    assert.equal(formatInteger(1234567, 'de'), '1.234.567');
    assert.equal(formatPercent(0.9973, 'de'), '99,73\u00a0%');
    assert.equal(formatPercent(1, 'de'), '100\u00a0%');
    assert.equal(formatPrice('7.40', 'de'), '7,40');
    assert.equal(formatPrice(' 1234.5 ', 'de'), '1.234,5', 'as many decimals as the service sent');
    assert.equal(formatTime(new Date(2026, 0, 1, 14, 2, 11), 'de'), '14:02:11');
  });

  it('English keeps the forms it had: 1,234.50, 99.73%, 24-hour times', () => {
    assert.equal(formatPricePerGpu(1234.5, 'en'), '1,234.50');
    assert.equal(formatPricePerGpu(1.8), '1.80');
    assert.equal(formatPercent(0.9973), '99.73%');
    assert.equal(formatPrice('7.40'), '7.40');
    assert.equal(formatTime(new Date(2026, 0, 1, 14, 2, 11)), '14:02:11');
    assert.equal(formatTime(new Date(2026, 0, 1, 0, 5, 0)), '00:05:00');
  });

  it('each kind of number and the time, in a language no test has used yet: its formats are built, not taken from the memo', () => {
    // A private-use tag is English by a new name: a mutation run (one process) builds the formats again for each mutant.
    const fresh = `en-x-m${++freshLanguages}`;
    const cases: [string, string][] = [
      [formatOneDecimal(157.93, fresh), '157.9'],
      [formatOneDecimal(2, fresh), '2.0'],
      [formatPercent(0.9973, fresh), '99.73%'],
      [formatPrice('7.40', fresh), '7.40'],
      [formatPricePerGpu(1.8, fresh), '1.80'],
      [formatPricePerGpu(3.33 / 2, fresh), '1.665'],
      [formatInteger(1234567, fresh), '1,234,567'],
      [formatTime(new Date(2026, 0, 1, 14, 2, 11), fresh), '14:02:11'],
      [formatTime(new Date(2026, 0, 1, 0, 5, 0), fresh), '00:05:00'],
    ];
    for (const [got, expected] of cases) {
      assert.equal(got, expected);
    }
  });

  it('a whole-number price keeps no decimals and takes the language digits', () => {
    assert.equal(formatPrice('1234', 'de'), '1.234');
    assert.equal(formatPrice('12', 'en'), '12');
  });

  it('counts templates: one, and more with the language digits', () => {
    assert.equal(templateCount(1), '1 template');
    assert.equal(templateCount(1200), '1,200 templates');
  });

  it('a price that is not a plain decimal is shown as sent', () => {
    for (const odd of ['1.5e3', 'free', '12,50', '', '-', '0x10', '1234567890123456.5']) {
      assert.equal(formatPrice(odd, 'de'), odd.trim());
    }
  });

  it('takes the display language set at activation; tags Intl does not know mean English', () => {
    setDisplayLocale('de');
    assert.equal(getDisplayLocale(), 'de');
    assert.equal(formatPricePerGpu(1.85), '1,85');
    setDisplayLocale('zh-cn');
    assert.equal(getDisplayLocale(), 'zh-CN');
    for (const unknown of ['qps-ploc', 'not a tag!', '', undefined]) {
      setDisplayLocale(unknown);
      assert.equal(getDisplayLocale(), 'en', String(unknown));
    }
  });

  it('the views show German numbers while every copy keeps the service values: price string unchanged, invariant derived numbers', () => {
    const machine = machineRecord({ price: '7.40', gpu_count: 4, online_rate: 0.9973, gpu_memory: 24 });
    setDisplayLocale('de');
    assert.match(machineSummary(machine), /^7,40 \(1,85\/GPU\) · VRAM 24 · .+ · 99,73\u00a0% online/);
    assert.equal(machineDetails(machine).find((r) => r.field === 'price')?.value, '7,40');
    assert.equal(JSON.parse(copyMachines([machine], 'json')).price, '7.40');
    const markdown = copyMachines([machine], 'markdown');
    assert.match(markdown, /\| 7\\\.40 \| 1\\\.85 \| 24 \| .+ \| 99\\\.73% \|/, 'Markdown cells are escaped: 7\\.40');
    assert.doesNotMatch(markdown, /7,40|1,85|99,73/);
    assert.equal(copyMachines([machine], 'shell'), `NODE_ID=${machine.node_name}`);
    assert.equal(machineDetails(machine, 'en').find((r) => r.field === 'price_per_gpu')?.value, '1.85', 'tool answers ask for invariant numbers');
  });
});
