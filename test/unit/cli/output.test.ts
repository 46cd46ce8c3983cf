// What gpu-rental prints: JSON a script reads back exactly, tables a person
// reads, and nothing from the service that a terminal would act on.
import * as assert from 'node:assert/strict';
import { errorText, CliError, EXIT } from '../../../src/cli/errors';
import { MACHINE_COLUMNS, machineIdLine, machineOut, machineText, safeJson, table, TEMPLATE_COLUMNS, templateIdLine, terminalText } from '../../../src/cli/output';
import { maskedTemplate } from '../../../src/model/secrets';
import { MACHINE_FIELDS } from '../../../src/api/types';
import { machineRecord, templateRecord } from '../../support/records';
import { HOSTILE } from '../../support/hostile';

/** What a terminal acts on: C0 and C1 controls (ESC, BEL, CSI, OSC…), DEL, and bidi overrides. */
const TERMINAL_ACTIVE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('cli: output', () => {
  it('a machine in JSON: the spec fields as sent, in the spec order, and the price per GPU as a number', () => {
    const machine = machineRecord({ price: '7.40', gpu_count: 4 });
    const out = machineOut(machine);
    assert.deepEqual(Object.keys(out), [...MACHINE_FIELDS, 'price_per_gpu']);
    assert.equal(out.price, '7.40');
    assert.equal(out.price_per_gpu, 1.85);
  });

  it('a template in JSON has its secrets masked', () => {
    const out = maskedTemplate(templateRecord({ docker_passwd: 'hunter2', docker_username: 'me' }));
    assert.equal(out.docker_username, 'me');
    assert.notEqual(out.docker_passwd, 'hunter2');
    assert.ok(!safeJson(out).includes('hunter2'));
  });

  for (const [name, payload] of Object.entries(HOSTILE)) {
    it(`hostile ${name}: JSON reads back the exact value and holds nothing a terminal acts on`, () => {
      const machine = machineRecord({ gpu_name: payload, region: payload, cuda_version: payload });
      const text = safeJson(machineOut(machine));
      assert.ok(!TERMINAL_ACTIVE.test(text) && !/[\u2028\u2029]/.test(text));
      assert.equal(text.split('\n').length, 1);
      assert.deepEqual(JSON.parse(text), machineOut(machine));
    });

    it(`hostile ${name}: a table row stays one line of plain text, with the data there`, () => {
      const machine = machineRecord({ gpu_name: payload, region: payload, cuda_version: payload, node_name: `id-${payload}` });
      for (const color of [false, true]) {
        const text = table(MACHINE_COLUMNS, [{ heading: payload, rows: [machine] }], { color, width: 120 });
        const lines = text.trimEnd().split('\n');
        assert.equal(lines.length, 3, 'title, group heading, one row');
        // Colour is ours, and only SGR: strip it and nothing active is left.
        const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
        assert.ok(!TERMINAL_ACTIVE.test(plain.replace(/\n/g, '')), JSON.stringify(plain.slice(0, 200)));
        assert.equal(/\u001b/.test(text), color);
        assert.ok(lines.every((l) => l.replace(/\u001b\[[0-9;]*m/g, '').length <= 120), 'fits the width');
      }
      const details = machineText(machine);
      assert.ok(!TERMINAL_ACTIVE.test(details.replace(/\n/g, '')));
      const template = table(TEMPLATE_COLUMNS, [{ rows: [templateRecord({ name: payload, image_name: payload })] }], { color: false });
      assert.equal(template.trimEnd().split('\n').length, 2);
      assert.ok(!TERMINAL_ACTIVE.test(template.replace(/\n/g, '')));
    });
  }

  it('cleans what would retitle the terminal, clear it or move the cursor', () => {
    assert.equal(terminalText('a\u001b]0;pwned\u0007b\u001b[2J\u009b31mc\r\nd'), 'a]0;pwnedb[2J31mc d');
    assert.equal(terminalText('x'.repeat(10), 5), 'xxxx…');
  });

  it('a table: titles, aligned columns, the price per GPU as the extension shows it', () => {
    const text = table(MACHINE_COLUMNS, [{ rows: [machineRecord({ node_name: 'n1', price: '7.40', gpu_count: 4, gpu_name: 'H100', region: 'us', online_rate: 0.9876, cuda_version: '12.4' })] }], { color: false });
    const [head, row] = text.trimEnd().split('\n');
    assert.match(head, /^NODE ID +GPUS +PRICE +PER GPU +VRAM +REGION +ONLINE +CUDA$/);
    assert.match(row, /^n1 +4× H100 +7\.40 +1\.85 +\d+ +us +98\.76% +12\.4$/);
  });

  describe('tables in full', () => {
    const n1 = machineRecord({ node_name: 'n1', price: '7.40', gpu_count: 4, gpu_name: 'H100', region: 'us', online_rate: 0.9876, cuda_version: '12.4', gpu_memory: 80 });
    const two = machineRecord({ node_name: 'node-two', price: '12.00', gpu_count: 8, gpu_name: 'A100_SXM4_80GB', region: 'eu-west', online_rate: 1, cuda_version: '11.8', gpu_memory: 80 });

    it('machines under a heading and without: each column as wide as its widest cell, numbers to the right, two spaces between', () => {
      assert.deepEqual(table(MACHINE_COLUMNS, [{ heading: 'A100', rows: [two] }, { rows: [n1] }], { color: false }).split('\n'), [
        'NODE ID   GPUS               PRICE  PER GPU  VRAM  REGION   ONLINE  CUDA',
        'A100',
        'node-two  8× A100_SXM4_80GB  12.00     1.50    80  eu-west    100%  11.8',
        'n1        4× H100             7.40     1.85    80  us       98.76%  12.4',
        '',
      ]);
    });

    it('a narrow terminal: the widest columns give way (cut with …), the titles too', () => {
      assert.deepEqual(table(MACHINE_COLUMNS, [{ rows: [n1, two] }], { color: false, width: 60 }).split('\n'), [
        'NODE …  GPUS     PRICE  PER GPU  VRAM  REGION   ONLINE  CUDA',
        'n1      4× H100   7.40     1.85    80  us       98.76%  12.4',
        'node-…  8× A10…  12.00     1.50    80  eu-west    100%  11.8',
        '',
      ]);
      const tiny = table(MACHINE_COLUMNS, [{ rows: [two] }], { color: false, width: 10 }).split('\n')[1];
      assert.equal(tiny, 'node-…  8× A1…  12.00    1.50    80  eu-we…    100%  11.8', 'no column under six characters, however narrow');
    });

    it('colour when asked: bold titles, the price per GPU green, a heading dim', () => {
      const [E, B, R] = ['\u001b', '\u001b[1m', '\u001b[0m'];
      assert.deepEqual(table(MACHINE_COLUMNS, [{ heading: 'x', rows: [n1] }], { color: true }).split('\n'), [
        `${B}NODE ID${R}  ${B}GPUS   ${R}  ${B}PRICE${R}  ${B}PER GPU${R}  ${B}VRAM${R}  ${B}REGION${R}  ${B}ONLINE${R}  ${B}CUDA${R}`,
        `${E}[2mx${R}`,
        `n1       4× H100   7.40  ${E}[32m   1.85${R}    80  us      98.76%  12.4`,
        '',
      ]);
    });

    it('templates: id, name, image and type', () => {
      assert.match(table(TEMPLATE_COLUMNS, [{ rows: [templateRecord({ id: 5 })] }], { color: false }).split('\n')[1], /^ 5 {2}\S/, 'ids to the right');
      assert.equal(
        table(TEMPLATE_COLUMNS, [{ rows: [templateRecord({ id: 42, name: 'PyTorch' })] }], { color: false }),
        'ID  NAME     IMAGE                                        TYPE\n42  PyTorch  nvidia/cuda:11.8.0-cudnn8-devel-ubuntu20.04     0\n',
      );
    });

    it('one machine for a person: labels padded to the longest; bare ids a line each', () => {
      assert.deepEqual(machineText(n1).split('\n').slice(0, 4), ['Price             7.40', 'Price per GPU     1.85', 'Labels            none', 'Node ID           n1']);
      assert.deepEqual([machineIdLine(n1), templateIdLine(templateRecord({ id: 42 }))], ['n1\n', '42\n']);
    });

    it("a machine in JSON with what the history says, rounded, and null where it knows nothing; without a history no such field", () => {
      const history = { version: 1, listedHours: () => 1.23456, flaps7d: () => Number.NaN, belowMedian: () => 0.123456 };
      const out = machineOut(n1, history);
      assert.deepEqual([out.listed_hours, out.flaps_7d, out.below_median], [1.23, null, 0.1235]);
      assert.deepEqual(machineOut(n1, { ...history, listedHours: () => undefined as unknown as number, flaps7d: () => 2.4 }).flaps_7d, 2);
      assert.equal(machineOut(n1, { ...history, listedHours: () => undefined as unknown as number }).listed_hours, null);
      assert.ok(!('listed_hours' in machineOut(n1)));
    });

    it('a line break in terminal text is a space, and text of exactly the cut length is whole', () => {
      assert.equal(terminalText('a\r\nb\u2028c'), 'a b c');
      assert.equal(terminalText(' \n a \t'), 'a', 'no space left at either end');
      assert.equal(terminalText('xxxxx', 5), 'xxxxx');
    });
  });

  it('errors: one JSON object with the code, message, exit code and position, or a line with a caret under the mistake', () => {
    const error = new CliError('bad_query', 'bad query: unknown field', EXIT.usage, { text: 'gpus>=2 vrma>1', position: 9 });
    assert.deepEqual(JSON.parse(errorText(error, true)), { error: { code: 'bad_query', message: 'bad query: unknown field', exitCode: 2, position: 9 } });
    assert.equal(errorText(error, true).trimEnd().split('\n').length, 1);
    assert.equal(errorText(error, false), 'gpu-rental: bad query: unknown field\n  gpus>=2 vrma>1\n          ^\n');
  });
});
