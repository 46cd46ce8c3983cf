// The market history as versions before 0.2 kept it, read once for the import:
// a log line is taken only whole (its length and checksum agree, its fields
// have their types), and a state file that is damaged, another program's or
// another version's says which, so the import can tell the user.
import * as assert from 'node:assert/strict';
import { checksum, decodeObservation, decodeState, StateError } from '../../../../src/market/history/legacyFormat';

const line = (json: string) => `${json.length}:${checksum(json)}:${json}`;
const GROUP = ['H100', 2, 2, 16, 1.5, 1.75, 2];

function stateText(change: Record<string, unknown> = {}): string {
  return JSON.stringify({
    format: 'gpu-rental-market-history',
    version: 1,
    origin: 'https://api.example',
    lastT: 5000,
    consumed: { 'a.log': 120 },
    points: [[1000, 3, [GROUP]]],
    machines: { m1: [100, 200, 300, 1, 2, [250], 310], m2: [100, 100, 150, 0, 0, [], 150] },
    ...change,
  });
}

function stateError(text: string): string {
  try {
    decodeState(text);
  } catch (err) {
    assert.ok(err instanceof StateError, String(err));
    return err.message;
  }
  return 'read';
}

describe('legacy history format', () => {
  it('checksums text by FNV-1a: eight hex digits', () => {
    assert.deepEqual([checksum(''), checksum('a'), checksum('foobar')], ['811c9dc5', 'e40c292c', 'bf9cf968']);
  });

  it('a whole log line is one list: its time, its groups, what appeared and what went', () => {
    const json = JSON.stringify({ t: 1000, g: [GROUP], a: ['m1'], d: ['m2'] });
    assert.deepEqual(decodeObservation(line(json)), { t: 1000, groups: [{ gpu: 'H100', count: 2, machines: 2, gpus: 16, low: 1.5, p25: 1.75, median: 2 }], appeared: ['m1'], gone: ['m2'] });
  });

  it('a line cut short, glued, not ours or of the wrong shape is skipped', () => {
    const good = { t: 1000, g: [GROUP], a: ['m1'], d: [] };
    const json = JSON.stringify(good);
    const bad: [string, string][] = [
      ['cut short', line(json).slice(0, -1)],
      ['glued to the next', line(json) + line(json)],
      ['another checksum', `${json.length}:00000000:${json}`],
      ['another length', `${json.length + 1}:${checksum(json)}:${json}`],
      ['no prefix', json],
      ['a checksum in capitals', `${json.length}:${checksum(json).toUpperCase()}:${json}`],
      ['not JSON', line('{nope')],
      ['no time', line(JSON.stringify({ ...good, t: '1000' }))],
      ['groups not a list', line(JSON.stringify({ ...good, g: {} }))],
      ['a group of six', line(JSON.stringify({ ...good, g: [GROUP.slice(1)] }))],
      ['a group without its name', line(JSON.stringify({ ...good, g: [[1, ...GROUP.slice(1)]] }))],
      ['a group with a word for a number', line(JSON.stringify({ ...good, g: [[...GROUP.slice(0, 6), 'x']] }))],
      ['appeared not names', line(JSON.stringify({ ...good, a: [1] }))],
      ['a name and a number appeared', line(JSON.stringify({ ...good, a: ['m1', 2] }))],
      ['a good group and a bad one', line(JSON.stringify({ ...good, g: [GROUP, GROUP.slice(1)] }))],
      ['gone not a list', line(JSON.stringify({ ...good, d: 'm2' }))],
    ];
    assert.deepEqual(
      bad.filter(([, text]) => decodeObservation(text) !== undefined).map(([what]) => what),
      [],
    );
    assert.deepEqual(decodeObservation(line(json))?.gone, [], 'what they are made from is whole: nothing went');
    assert.deepEqual(decodeObservation(line(JSON.stringify({ t: 1, g: [], a: [], d: [] }))), { t: 1, groups: [], appeared: [], gone: [] }, 'an empty list is whole');
  });

  it('a state file: its origin, time, log offsets, points and machines', () => {
    const state = decodeState(stateText());
    assert.deepEqual({ ...state, tracks: [...state.tracks] }, {
      origin: 'https://api.example',
      lastT: 5000,
      consumed: { 'a.log': 120 },
      points: [{ t: 1000, n: 3, groups: [{ gpu: 'H100', count: 2, machines: 2, gpus: 16, low: 1.5, p25: 1.75, median: 2 }] }],
      tracks: [
        ['m1', { first: 100, since: 200, last: 300, present: true, returns: 2, recent: [250], at: 310 }],
        ['m2', { first: 100, since: 100, last: 150, present: false, returns: 0, recent: [], at: 150 }],
      ],
    });
  });

  it('a state file that is not one says what is wrong with it', () => {
    const point = (p: unknown) => stateText({ points: [p] });
    const machine = (row: unknown) => stateText({ machines: { m1: row } });
    const cases: [string, string][] = [
      ['{', 'not valid JSON'],
      ['null', 'not a GPU Rental market history'],
      ['"text"', 'not a GPU Rental market history'],
      [stateText({ format: 'another' }), 'not a GPU Rental market history'],
      [stateText({ version: 2 }), 'version 2, this extension reads version 1'],
      [stateText({ origin: 1 }), 'a field is missing or of the wrong type'],
      [stateText({ lastT: '5000' }), 'a field is missing or of the wrong type'],
      [stateText({ consumed: null }), 'a field is missing or of the wrong type'],
      [stateText({ consumed: 'a.log' }), 'a field is missing or of the wrong type'],
      [stateText({ points: {} }), 'a field is missing or of the wrong type'],
      [stateText({ machines: null }), 'a field is missing or of the wrong type'],
      [stateText({ machines: 'm1' }), 'a field is missing or of the wrong type'],
      [point('p'), 'a point is damaged'],
      [point(['1000', 3, []]), 'a point is damaged'],
      [point([1000, '3', []]), 'a point is damaged'],
      [point([1000, 3, {}]), 'a point is damaged'],
      [point([1000, 3, [GROUP.slice(1)]]), 'a point is damaged'],
      [point([1000, 3, [GROUP, GROUP.slice(1)]]), 'a point is damaged'],
      [machine({ length: 7 }), 'a machine is damaged'],
      [machine('m'), 'a machine is damaged'],
      [machine([100, 200, 300, 1, 2, [250]]), 'a machine is damaged'],
      [machine([100, 200, '300', 1, 2, [250], 310]), 'a machine is damaged'],
      [machine([100, 200, 300, 1, '2', [250], 310]), 'a machine is damaged'],
      [machine([100, 200, 300, 1, 2, 250, 310]), 'a machine is damaged'],
      [machine([100, 200, 300, 1, 2, [250], '310']), 'a machine is damaged'],
      [stateText({ consumed: { 'a.log': '120' } }), 'a log offset is damaged'],
    ];
    assert.deepEqual(
      cases.map(([text]) => [text, stateError(text)]),
      cases,
    );
  });
});
