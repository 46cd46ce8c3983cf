// Data written by strangers: every string field the extension displays gets
// each hostile payload, and nothing may run, break the layout or become
// unreadable. Plus property-based checks that no input makes us throw.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { templateChecker, validateItems, validateMachines } from '../../../src/api/schema';
import type { Machine, Template } from '../../../src/api/types';
import { DEMO_TEMPLATES } from '../../../dev/demo/fixtures';
import { arrangeMachines, GROUP_BY } from '../../../src/model/arrange';
import { escapeMarkdownCell, noIcons, oneLine, stripControls } from '../../../src/model/escape';
import { machineDetails, machinePickText, machineSummary, machineTitle } from '../../../src/model/machines';
import { compileQuery, parseQuery } from '../../../src/model/query';
import { maskedTemplate, MASK } from '../../../src/model/secrets';
import { filterTemplates, groupByImageType, templatePublicRows } from '../../../src/model/templates';
import { detailsContent, detailsShell } from '../../../src/webview/details/content';
import { HOSTILE } from '../../support/hostile';
import { machineRecord, templateRecord } from '../../support/records';

const BIDI_OR_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const MACHINE_STRINGS = ['gpu_name', 'cpu_name', 'region', 'node_name', 'driver_version', 'cuda_version'] as const;
const TEMPLATE_STRINGS = ['name', 'description', 'image_name', 'image_tag', 'image_label'] as const;

/** The details page: its shell (our words only, whatever the machine) and the content it is sent, which it writes as text. */
function page(machine: Machine): { html: string; texts: string[] } {
  const content = detailsContent({ machine });
  return {
    html: detailsShell({ nonce: 'N0NCE', cspSource: 'https://webview.test', styleUris: ['https://webview.test/s.css'], scriptUri: 'https://webview.test/d.js' }),
    texts: [content.title, content.nodeId, content.notice, ...Object.values(content.values)],
  };
}

describe('hostile data', () => {
  for (const [name, payload] of Object.entries(HOSTILE)) {
    describe(`payload "${name}"`, () => {
      for (const field of MACHINE_STRINGS) {
        it(`in machine.${field}: tree text, tooltip, quick pick and details stay inert and readable`, () => {
          const machine = machineRecord({ [field]: payload });
          const oneLiners = [machineTitle(machine), machineSummary(machine), ...Object.values(machinePickText(machine)), ...arrangeMachines([machine], { groupBy: 'region', sortBy: 'price', order: 'ascending' }).map((g) => g.label)];
          for (const text of oneLiners) {
            assert.ok(!BIDI_OR_CONTROL.test(text), `control or bidi character in ${JSON.stringify(text.slice(0, 80))}`);
            assert.ok(!/\n/.test(text));
            assert.ok(text.length <= 400, `too long for one line: ${text.length}`);
            assert.ok(!noIcons(text).includes('$('), 'no codicon syntax survives in quick picks');
          }
          for (const row of machineDetails(machine)) {
            const cell = escapeMarkdownCell(row.value);
            assert.ok(!/(^|[^\\])[<>[\]()|`*#!]/.test(cell), `unescaped Markdown in tooltip cell: ${cell.slice(0, 80)}`);
            assert.ok(!cell.includes('\n'));
            assert.equal(cell.replace(/\\(.)/g, '$1'), stripControls(row.value).replace(/\s*\n\s*/g, ' '), 'every visible character is still in the cell');
          }
          const { html, texts } = page(machine);
          assert.deepEqual(html.match(/<script[^>]*>/g), ['<script nonce="N0NCE" src="https://webview.test/d.js">']);
          assert.ok(!/<img|<a |<\/style>|javascript:alert\(1\)">/i.test(html.replace(/&lt;|&gt;|&quot;/g, '')), 'markup from data in the page');
          assert.ok(!BIDI_OR_CONTROL.test(html.replace(/\n/g, '')), 'control or bidi characters in the page');
          for (const text of texts) {
            assert.ok(!BIDI_OR_CONTROL.test(text.replace(/\n/g, '')), `control or bidi characters in the content sent: ${JSON.stringify(text.slice(0, 80))}`);
          }
        });
      }
      for (const field of TEMPLATE_STRINGS) {
        it(`in template.${field}: tooltip rows and filter stay inert`, () => {
          const template = templateRecord({ [field]: payload });
          for (const row of templatePublicRows(template)) {
            assert.ok(!/(^|[^\\])[<>[\]()|`*#!]/.test(escapeMarkdownCell(row.value)));
          }
          // The filter searches name, image and label, so it finds them by the text they hold; the description only shows in the tooltip.
          if (field !== 'description') {
            assert.deepEqual(filterTemplates([template], payload.slice(0, 50)), [template], 'found by the text it holds');
          }
          assert.deepEqual(filterTemplates([template], template.name.slice(0, 50)), [template], 'still found by its name');
          assert.ok(!BIDI_OR_CONTROL.test(oneLine(template[field])));
        });
      }
    });
  }

  it('template JSON masks docker_passwd and other secret-looking fields', () => {
    const template: Template = { ...DEMO_TEMPLATES[40], docker_passwd: 's3cr3t', docker_username: 'me' };
    const json = JSON.stringify(maskedTemplate(template));
    assert.ok(!json.includes('s3cr3t'));
    assert.ok(json.includes(`"docker_passwd":"${MASK}"`));
    assert.ok(json.includes('"docker_username":"me"'));
  });
});

describe('property-based: nothing the service sends makes us throw', () => {
  const validMachine = fc.record({
    price: fc.tuple(fc.nat(10_000), fc.nat(999)).map(([a, b]) => `${a}.${b}`),
    labels: fc.array(fc.jsonValue(), { maxLength: 3 }),
    node_name: fc.uuid(),
    gpu_name: fc.string({ minLength: 1 }).filter((s) => /\S/.test(s)),
    gpu_count: fc.integer({ min: 1, max: 16 }),
    gpu_memory: fc.nat(),
    cpu_name: fc.string(),
    cpu_count: fc.nat(),
    cpu_per_gpu: fc.nat(),
    memory_per_gpu: fc.nat(),
    memory_total: fc.nat(),
    disk_per_gpu: fc.nat(),
    disk_total: fc.nat(),
    region: fc.string(),
    network_upload_speed: fc.nat(),
    network_download_speed: fc.nat(),
    up_time: fc.nat(),
    online_rate: fc.double({ min: 0, max: 1, noNaN: true }),
    driver_version: fc.string(),
    cuda_version: fc.string(),
    nvlink_status: fc.boolean(),
  });

  it('arbitrary JSON never makes validation throw, and only well-formed machines pass', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), (raw) => {
        const result = validateMachines(raw);
        assert.equal(result.items.length + result.skipped, raw.length);
      }),
      { numRuns: 300 },
    );
  });

  it('every valid machine survives validation, with extra fields, in order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(validMachine, { selector: (m) => m.node_name, maxLength: 30 }), fc.dictionary(fc.string(), fc.jsonValue()), (machines, extra) => {
        const raw = machines.map((m) => ({ ...extra, ...m }));
        const result = validateMachines(JSON.parse(JSON.stringify(raw)));
        assert.equal(result.skipped, 0);
        assert.deepEqual(result.items.map((m) => m.node_name), machines.map((m) => m.node_name));
      }),
      { numRuns: 200 },
    );
  });

  it('a page of duplicates is de-duplicated by id, keeping the first of each', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 60 }), (ids) => {
        const raw = ids.map((id, index) => ({ ...DEMO_TEMPLATES[1], id, name: `t${index}` }));
        const result = validateItems(raw, templateChecker, (t) => t.id);
        assert.deepEqual(result.items.map((t) => t.id), [...new Set(ids)]);
        assert.equal(result.duplicates, ids.length - new Set(ids).size);
      }),
      { numRuns: 200 },
    );
  });

  it('grouping, sorting, filtering and rendering any valid machines never throws', () => {
    fc.assert(
      fc.property(fc.array(validMachine, { maxLength: 20 }), fc.string(), fc.constantFrom(...GROUP_BY), (machines, query, groupBy) => {
        const items = validateMachines(JSON.parse(JSON.stringify(machines))).items;
        const parsed = parseQuery(query);
        const visible = parsed.ok ? items.filter(compileQuery(parsed.query)) : items;
        const groups = arrangeMachines(visible, { groupBy, sortBy: 'pricePerGpu', order: 'descending' });
        assert.equal(groups.reduce((n, g) => n + g.machines.length, 0), visible.length);
        for (const machine of visible) {
          assert.equal((page(machine).html.match(/<script/g) ?? []).length, 1);
          machineSummary(machine);
        }
        groupByImageType([]);
      }),
      { numRuns: 150 },
    );
  });
});
