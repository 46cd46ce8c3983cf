// What the language model tools answer, in plain Node over a real market model.
import * as assert from 'node:assert/strict';
import { Market } from '../../../src/market/market';
import { checkFindInput, checkTemplatesInput, dataAge, findMachinesAnswer, getMachineAnswer, listTemplatesAnswer } from '../../../src/market/toolAnswers';
import { machineRecord, templateRecord } from '../../support/records';
import { HOSTILE } from '../../support/hostile';

const FETCHED = new Date('2026-11-23T14:02:11Z');
const NOW = new Date('2026-11-23T14:06:11Z');

describe('language model tools: answers', () => {
  let market: Market;
  const cheap = machineRecord({ node_name: 'aaaaaaaa-0000-4000-8000-000000000001', gpu_name: 'H100', gpu_count: 8, price: '16.00', region: 'us-west', cuda_version: '12.4' });
  const dear = machineRecord({ node_name: 'aaaaaaaa-0000-4000-8000-000000000002', gpu_name: 'H100', gpu_count: 8, price: '24.00' });
  const small = machineRecord({ node_name: 'aaaaaaaa-0000-4000-8000-000000000003', gpu_name: 'RTX_4090', gpu_count: 1, price: '0.50' });

  beforeEach(async () => {
    market = new Market({ now: () => FETCHED });
    await market.loadMachines(async () => ({ items: [dear, small, cheap], skipped: 0 }));
    await market.loadTemplates(async () => ({
      items: [templateRecord({ id: 7, name: 'PyTorch 2.4', image_name: 'pytorch/pytorch', image_tag: '2.4', image_type: 1, docker_passwd: 'SECRET-PASSWD-MARKER' }), templateRecord({ id: 8, name: 'TensorFlow', image_type: 2 })],
      skipped: 0,
    }));
  });

  it('finding nothing: each near miss with the whole query, which finds what it promised; none when nothing is near', () => {
    const text = findMachinesAnswer(market, { query: 'gpu=h100 gpus>=16 price<20' }, NOW);
    const misses = text.split('\n').filter((line) => line.startsWith('- '));
    assert.ok(text.startsWith('0 of 3 listed machines match'));
    assert.ok(misses.length >= 1, text);
    for (const line of misses) {
      const [said, query] = line.slice(2).split('; query: ');
      const promised = Number(/would find (\d+) machine|: (\d+) machine/.exec(said)?.slice(1).find(Boolean));
      assert.match(findMachinesAnswer(market, { query }, NOW), new RegExp(`^${promised} of 3 listed machines ${promised === 1 ? 'matches' : 'match'} the query `));
    }
    assert.equal(findMachinesAnswer(market, { query: 'gpu=a100 region=mars' }, NOW).split('\n').length, 2, 'two clauses fail on every machine: no single change finds one, and nothing follows the count and age');
    assert.ok(!findMachinesAnswer(market, { query: 'gpus>=8' }, NOW).includes('Near misses'), 'two machines found: no near misses in the answer');
  });

  it('validates the input of each tool and names what is wrong', () => {
    assert.deepEqual(checkFindInput(undefined), { ok: true, input: { query: undefined, sortBy: undefined, order: undefined, limit: 10 } });
    assert.deepEqual(checkFindInput({ limit: 51 }), { ok: false, message: 'limit must be a whole number from 1 to 50' });
    assert.deepEqual(checkFindInput({ limit: 2.5 }), { ok: false, message: 'limit must be a whole number from 1 to 50' });
    assert.match((checkFindInput({ sortBy: 'cheapness' }) as { message: string }).message, /^sortBy must be one of pricePerGpu, price,/);
    assert.equal(checkFindInput({ sortBy: 'cheapness' }).ok, false);
    assert.deepEqual(checkFindInput({ order: 'up' }), { ok: false, message: 'order must be ascending or descending' });
    assert.deepEqual(checkFindInput({ query: 42 }), { ok: false, message: 'query must be text in the filter language' });
    assert.deepEqual(checkTemplatesInput({ imageType: 'one' }), { ok: false, message: 'imageType must be an integer' });
    assert.deepEqual(checkTemplatesInput({}), { ok: true, input: { text: undefined, imageType: undefined, limit: 20 } });
  });

  it('finds machines: count, the query as understood, the age of the data, a compact table', () => {
    const text = findMachinesAnswer(market, { query: 'GPU = h100', limit: 1 }, NOW);
    assert.equal(
      text,
      [
        '2 of 3 listed machines match the query gpu=h100; sorted by pricePerGpu ascending; showing 1.',
        'Data as of 14:02:11 UTC (4 minutes ago).',
        '',
        '| node_id | GPUs | price | price/GPU | VRAM | region | online | CUDA |',
        '|---|---|---|---|---|---|---|---|',
        `| ${cheap.node_name} | 8× H100 | 16.00 | 2.00 | ${cheap.gpu_memory} | us-west | ${Math.round(cheap.online_rate * 10000) / 100}% | 12.4 |`,
      ].join('\n'),
    );
    assert.match(findMachinesAnswer(market, {}, NOW), /^3 of 3 listed machines match all machines \(no filter\)/);
    const byPrice = findMachinesAnswer(market, { sortBy: 'price', order: 'descending' }, NOW).split('\n').slice(5).map((l) => l.split(' | ')[0].slice(2));
    assert.deepEqual(byPrice, [dear.node_name, cheap.node_name, small.node_name]);
  });

  it('a bad query returns the parser\'s message with its position and the fields, so a model can correct itself', () => {
    const text = findMachinesAnswer(market, { query: 'gpus>=2 vrma>=24' }, NOW);
    assert.match(text, /^The query is not valid: unknown field 'vrma' at 9; did you mean 'vram'\? \(at character 9\)\. Fields: /);
    assert.ok(text.includes('gpus (number)') && text.includes('cuda (version)') && text.includes('nvlink (yes/no)'), text);
    assert.match(text, /Fields: price \(number\), labels \(label\), node_name \(text\), gpu \(text\), gpus \(number\), /, 'a list a model can read');
  });

  it('gets one machine with every field, or says clearly it is not listed now', () => {
    const text = getMachineAnswer(market, small.node_name, NOW);
    assert.ok(text.startsWith('Data as of 14:02:11 UTC (4 minutes ago).\n\nPrice: 0.50\nPrice per GPU: 0.50'), text);
    assert.ok(text.includes(`Node ID: ${small.node_name}`));
    assert.equal(getMachineAnswer(market, 'bbbbbbbb-0000-4000-8000-000000000009', NOW), 'No machine with node ID bbbbbbbb-0000-4000-8000-000000000009 is listed now. Data as of 14:02:11 UTC (4 minutes ago).');
    assert.match(getMachineAnswer(market, 42, NOW), /nodeId must be/);
    assert.match(getMachineAnswer(market, '   ', NOW), /^nodeId must be/, 'spaces are no node ID');
  });

  it('gets a machine by the start of its node ID, as a details tab shows it; several that start so are counted, not guessed', async () => {
    const lone = machineRecord({ node_name: '9d32cc50-1111-4000-8000-000000000004', gpu_name: 'A100', gpu_count: 2, price: '3.00' });
    const four = new Market({ now: () => FETCHED });
    await four.loadMachines(async () => ({ items: [dear, small, cheap, lone], skipped: 0 }));
    assert.ok(getMachineAnswer(four, '9d32cc50', NOW).includes(`Node ID: ${lone.node_name}`), 'one machine starts so');
    assert.ok(getMachineAnswer(four, ' 9d32cc ', NOW).includes(`Node ID: ${lone.node_name}`), 'six characters, spaces around');
    assert.equal(getMachineAnswer(market, 'aaaaaaaa', NOW), '3 machines listed now have node IDs that start with aaaaaaaa: give more of the node ID. Data as of 14:02:11 UTC (4 minutes ago).');
    assert.match(getMachineAnswer(market, 'aaaaa', NOW), /^No machine with node ID aaaaa is listed now\./, 'under 6 characters, only a whole ID');
  });

  it('lists templates by text and type, never with docker_passwd', () => {
    const all = listTemplatesAnswer(market, { limit: 20 }, NOW);
    assert.ok(!all.includes('SECRET-PASSWD-MARKER'));
    assert.ok(all.includes('| 7 | PyTorch 2.4 | pytorch/pytorch:2.4 | 1 |'), all);
    assert.match(listTemplatesAnswer(market, { text: 'pytorch' }, NOW), /^1 of 2 templates matches; showing 1\./);
    assert.match(listTemplatesAnswer(market, { imageType: 2 }, NOW), /\| 8 \| TensorFlow \|/);
  });

  it('puts hostile text in one cell: no line break or pipe escapes the table', async () => {
    const hostile = machineRecord({ node_name: 'x', gpu_name: 'A|B\n| injected | row |', region: 'r\u202egion' });
    await market.loadMachines(async () => ({ items: [hostile], skipped: 0 }));
    const lines = findMachinesAnswer(market, {}, NOW).split('\n');
    assert.equal(lines.length, 6);
    assert.equal(lines[5].split(' | ').length, 8);
  });

  it('says how old the data is', () => {
    assert.equal(dataAge(FETCHED, FETCHED), 'Data as of 14:02:11 UTC (just now).');
    assert.equal(dataAge(FETCHED, new Date(FETCHED.getTime() + 60_000)), 'Data as of 14:02:11 UTC (1 minute ago).');
  });
});

describe('language model tools: input and edge cases', () => {
  it('limit: a whole number from 1 to 50, nothing else', () => {
    for (const ok of [1, 50, 17]) assert.equal((checkFindInput({ limit: ok }) as { input: { limit: number } }).input.limit, ok);
    for (const bad of [0, 51, -1, '5', 2.5, null, true]) assert.equal(checkFindInput({ limit: bad }).ok, false, `limit ${JSON.stringify(bad)}`);
    for (const bad of [0, 51, '5']) assert.equal(checkTemplatesInput({ limit: bad }).ok, false, `template limit ${JSON.stringify(bad)}`);
    assert.equal((checkTemplatesInput({ limit: 50 }) as { input: { limit: number } }).input.limit, 50);
  });

  it('accepts every sort key and both orders, text and integer image types', () => {
    assert.deepEqual(checkFindInput({ query: 'gpus>=2', sortBy: 'upTime', order: 'descending', limit: 3 }), { ok: true, input: { query: 'gpus>=2', sortBy: 'upTime', order: 'descending', limit: 3 } });
    assert.equal(checkFindInput({ order: 'ascending' }).ok, true);
    assert.deepEqual(checkTemplatesInput({ text: 'torch', imageType: 0 }), { ok: true, input: { text: 'torch', imageType: 0, limit: 20 } });
    assert.deepEqual(checkTemplatesInput({ text: 7 }), { ok: false, message: 'text must be text' });
  });

  it('with nothing loaded, each answer says so', () => {
    const empty = new Market();
    assert.equal(findMachinesAnswer(empty, {}, NOW), 'No machine list is loaded.');
    assert.equal(getMachineAnswer(empty, 'x', NOW), 'No machine list is loaded.');
    assert.equal(listTemplatesAnswer(empty, {}, NOW), 'No template list is loaded.');
  });

  it('no match: the count, and no empty table', async () => {
    const market = new Market({ now: () => FETCHED });
    await market.loadMachines(async () => ({ items: [machineRecord({ gpu_count: 1 })], skipped: 0 }));
    await market.loadTemplates(async () => ({ items: [templateRecord({ name: 'PyTorch' })], skipped: 0 }));
    assert.equal(
      findMachinesAnswer(market, { query: 'gpus>=8' }, NOW),
      '0 of 1 listed machine match the query gpus>=8; sorted by pricePerGpu ascending; showing 0.\nData as of 14:02:11 UTC (4 minutes ago).\n\nNear misses (change one clause):\n- gpus>=1 would find 1 machine, 8.28/GPU; query: gpus>=1',
    );
    assert.equal(findMachinesAnswer(market, { query: 'gpus>=1 cpus>=1000' }, NOW).split('\n').at(-1), '- cpus>=' + machineRecord().cpu_count + ' would find 1 machine, 8.28/GPU; query: gpus>=1 cpus>=' + machineRecord().cpu_count);
    assert.equal(listTemplatesAnswer(market, { text: 'tensorflow' }, NOW), '0 of 1 template match; showing 0.\nData as of 14:02:11 UTC (4 minutes ago).');
  });

  it('reads a node ID with surrounding spaces, and lists templates in slices of the limit with a header', async () => {
    const market = new Market({ now: () => FETCHED });
    const m = machineRecord();
    await market.loadMachines(async () => ({ items: [m], skipped: 0 }));
    await market.loadTemplates(async () => ({ items: Array.from({ length: 25 }, (_, i) => templateRecord({ id: 100 + i, name: `T|${i}`, image_type: i % 2 })), skipped: 0 }));
    assert.ok(getMachineAnswer(market, `  ${m.node_name}  `, NOW).includes(`Node ID: ${m.node_name}`));
    const lines = listTemplatesAnswer(market, {}, NOW).split('\n');
    assert.deepEqual(lines.slice(2, 5), ['', '| id | name | image | type |', '|---|---|---|---|']);
    assert.equal(lines.length, 5 + 20, 'twenty by default');
    assert.ok(lines[5].includes('| T/'), 'a pipe in data cannot split a cell');
    const typeOne = listTemplatesAnswer(market, { imageType: 1, limit: 50 }, NOW).split('\n');
    assert.equal(typeOne[0], '12 of 25 templates match; showing 12.');
    assert.ok(typeOne.slice(5).every((line) => line.endsWith(' | 1 |')));
  });
});

describe('language model tools: hostile data', () => {
  for (const [name, payload] of Object.entries(HOSTILE)) {
    it(`${name}: every answer stays a table of one line per row, with the data there and no secret`, async () => {
      const market = new Market({ now: () => FETCHED });
      const m = machineRecord({ gpu_name: payload, region: payload, cuda_version: payload, node_name: `n-${name}` });
      await market.loadMachines(async () => ({ items: [m], skipped: 0 }));
      await market.loadTemplates(async () => ({ items: [templateRecord({ name: payload, image_name: payload, docker_passwd: 'SECRET-PASSWD-MARKER' })], skipped: 0 }));
      const find = findMachinesAnswer(market, {}, NOW).split('\n');
      assert.equal(find.length, 6, 'count, age, blank, header, rule, one row');
      assert.equal(find[5].split(' | ').length, 8, 'eight cells');
      assert.ok(!/[\u0000-\u0009\u000b-\u001f\u202a-\u202e\u2066-\u2069]/.test(find.join('\n')), 'no control or bidi characters');
      const visible = payload.replace(/\s*[\r\n]+\s*/g, ' ').replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').slice(0, 20).trim();
      if (visible && !visible.includes('|')) assert.ok(find[5].includes(visible.slice(0, 10)), `the data is still there: ${find[5].slice(0, 120)}`);
      const templates = listTemplatesAnswer(market, {}, NOW).split('\n');
      assert.equal(templates.length, 6);
      assert.ok(!templates.join('\n').includes('SECRET-PASSWD-MARKER'));
      assert.ok(getMachineAnswer(market, `n-${name}`, NOW).split('\n').length <= 25, 'one line per field');
    });
  }
});
