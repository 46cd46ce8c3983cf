// Watches in plain Node: reading the setting, which machines are news for a
// watch after a refresh, and when an alert may be shown.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Machine } from '../../../src/api/types';
import { diffMachines } from '../../../src/market/diff';
import { NewMachines, newsOf } from '../../../src/market/news';
import { PollPlan } from '../../../src/market/poll';
import { ALERT_QUIET_MS, AlertGate, isActive, newlyMatching, parseWatches, type Watch } from '../../../src/market/watch';
import { machineRecord } from '../../support/records';

function watch(query: string, name?: string): Watch {
  const { watches, problems } = parseWatches([{ query, name }]);
  assert.deepEqual(problems, []);
  return watches[0];
}

describe('watches: the setting', () => {
  it('reads query, name, paused and notify, and labels a watch by its name or its query', () => {
    const { watches, problems } = parseWatches([
      { query: 'gpu=H100 gpus>=8 price_per_gpu<2.5', name: '8× H100 under 2.5/GPU' },
      { query: 'gpu = rtx_4090  region=us-west', paused: true, notify: false },
    ]);
    assert.deepEqual(problems, []);
    assert.deepEqual(watches.map((w) => [w.index, w.label, w.setting.paused ?? false, w.setting.notify ?? true]), [
      [0, '8× H100 under 2.5/GPU', false, true],
      [1, 'gpu=rtx_4090 region=us-west', true, false],
    ]);
  });

  it('reports each bad entry with its position and keeps the good ones', () => {
    const { watches, problems } = parseWatches([{ query: 'vrma>=24' }, 'gpus>=2', { query: '   ' }, { query: 'gpus>=2' }, null, { name: 'no query' }]);
    assert.deepEqual(watches.map((w) => w.index), [3]);
    assert.deepEqual(
      problems.map((p) => [p.index, p.error.position]),
      [[0, 1], [1, 1], [2, 1], [4, 1], [5, 1]],
    );
    assert.match(problems[0].error.message, /unknown field 'vrma'.*did you mean 'vram'/);
    assert.match(problems[2].error.message, /empty query/);
    assert.match(problems[1].error.message, /needs a "query"/);
  });

  it('anything that is not a list is no watches, not a crash', () => {
    for (const value of [undefined, null, 'gpus>=2', 42, { query: 'gpus>=2' }]) {
      assert.deepEqual(parseWatches(value), { watches: [], problems: [] });
    }
  });
});

describe('watches: what is news', () => {
  const cheapH100 = watch('gpu=H100 price_per_gpu<2.5');

  it('a new matching machine is news; a new machine that does not match is not', () => {
    const old = machineRecord({ gpu_name: 'H100', gpu_count: 1, price: '2.00' });
    const fresh = machineRecord({ gpu_name: 'H100', gpu_count: 1, price: '2.10' });
    const other = machineRecord({ gpu_name: 'A100', gpu_count: 1, price: '1.00' });
    assert.deepEqual(newlyMatching(cheapH100, diffMachines([old], [old, fresh, other])), [fresh]);
  });

  it('a price that drops into range is news; one that stays in range, or leaves it, is not', () => {
    const a = machineRecord({ gpu_name: 'H100', gpu_count: 1, price: '3.00' });
    const b = machineRecord({ gpu_name: 'H100', gpu_count: 1, price: '2.00' });
    const aCheaper = { ...a, price: '2.40' };
    const bCheaper = { ...b, price: '1.90' };
    assert.deepEqual(newlyMatching(cheapH100, diffMachines([a, b], [aCheaper, bCheaper])), [aCheaper]);
    const bDearer = { ...b, price: '9.00' };
    assert.deepEqual(newlyMatching(cheapH100, diffMachines([b], [bDearer])), []);
  });

  it('machines that went away are not news, and the first snapshot is a baseline', () => {
    const a = machineRecord({ gpu_name: 'H100', gpu_count: 1, price: '1.00' });
    assert.deepEqual(newlyMatching(cheapH100, diffMachines([a], [])), []);
    assert.deepEqual(newlyMatching(cheapH100, diffMachines(undefined, [a])), []);
  });

  it('property: news is exactly the machines that match now and did not match (or were not listed) before', () => {
    const pool = Array.from({ length: 10 }, (_, i) => machineRecord({ node_name: `n${i}`, gpu_name: 'H100', gpu_count: 1, price: '1.00' }));
    const priced = (m: Machine, price: number) => ({ ...m, price: price.toFixed(2) });
    const snapshot = fc
      .uniqueArray(fc.integer({ min: 0, max: 9 }), { maxLength: 10 })
      .chain((ids) => fc.tuple(...ids.map((i) => fc.constantFrom(1, 2, 3, 4).map((p) => priced(pool[i], p)))));
    fc.assert(
      fc.property(snapshot, snapshot, (before, after) => {
        const news = newlyMatching(cheapH100, diffMachines(before, after)).map((m) => m.node_name);
        const matchedBefore = new Set(before.filter(cheapH100.matches).map((m) => m.node_name));
        const expected = after.filter((m) => cheapH100.matches(m) && !matchedBefore.has(m.node_name)).map((m) => m.node_name);
        assert.deepEqual([...news].sort(), [...expected].sort());
        assert.equal(new Set(news).size, news.length, 'no machine twice');
      }),
      { seed: 11, numRuns: 300 },
    );
  });
});

describe('watches: when an alert may show', () => {
  const listed = () => true;
  const m = (i: number) => machineRecord({ node_name: `m${i}` });

  it('alerts at once, then holds news for five minutes and tells it with the next alert', () => {
    const gate = new AlertGate();
    assert.deepEqual(gate.offer('w', [m(1)], 0, listed).map((x) => x.node_name), ['m1']);
    assert.deepEqual(gate.offer('w', [m(2)], 60_000, listed), [], 'quiet');
    assert.deepEqual(gate.offer('w', [m(3)], 120_000, listed), [], 'still quiet');
    assert.deepEqual(gate.offer('w', [], ALERT_QUIET_MS, listed).map((x) => x.node_name), ['m2', 'm3'], 'held news, together');
    assert.deepEqual(gate.offer('w', [], ALERT_QUIET_MS * 3, listed), [], 'nothing twice');
  });

  it('each watch has its own quiet time', () => {
    const gate = new AlertGate();
    assert.equal(gate.offer('a', [m(1)], 0, listed).length, 1);
    assert.equal(gate.offer('b', [m(2)], 1000, listed).length, 1);
  });

  it('held machines that are no longer listed are not told', () => {
    const gate = new AlertGate();
    gate.offer('w', [m(1)], 0, listed);
    gate.offer('w', [m(2), m(3)], 1000, listed);
    assert.deepEqual(gate.offer('w', [], ALERT_QUIET_MS + 1, (id) => id !== 'm2').map((x) => x.node_name), ['m3']);
  });

  it('a clock set back does not silence a watch', () => {
    const gate = new AlertGate();
    gate.offer('w', [m(1)], 1_000_000, listed);
    assert.equal(gate.offer('w', [m(2)], 5_000, listed).length, 1);
  });

  it('forget drops what a removed watch held', () => {
    const gate = new AlertGate();
    gate.offer('w', [m(1)], 0, listed);
    gate.offer('w', [m(2)], 1, listed);
    gate.forget('w');
    assert.deepEqual(gate.offer('w', [], 2, listed), []);
    assert.equal(gate.offer('w', [m(3)], 3, listed).length, 1, 'and starts again without a quiet time');
  });

  it('property: over any sequence of refreshes, every piece of news is told exactly once and alerts are five minutes apart', () => {
    const step = fc.record({ after: fc.integer({ min: 1, max: 200_000 }), news: fc.uniqueArray(fc.integer({ min: 0, max: 1000 }), { maxLength: 4 }) });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const gate = new AlertGate();
        let now = 0;
        const told = new Set<string>();
        const offered = new Set<string>();
        let lastAlert = -Infinity;
        let serial = 0;
        for (const s of steps) {
          now += s.after;
          const news = s.news.map(() => m(serial++));
          news.forEach((x) => offered.add(x.node_name));
          const due = gate.offer('w', news, now, listed);
          if (due.length) {
            assert.ok(now - lastAlert >= ALERT_QUIET_MS);
            lastAlert = now;
          }
          for (const x of due) {
            assert.ok(!told.has(x.node_name), 'told twice');
            told.add(x.node_name);
          }
        }
        const rest = gate.offer('w', [], now + ALERT_QUIET_MS, listed);
        rest.forEach((x) => told.add(x.node_name));
        assert.deepEqual([...told].sort(), [...offered].sort(), 'nothing missed');
      }),
      { seed: 5, numRuns: 200 },
    );
  });
});

describe('watches: new machines and the badge', () => {
  const h100 = watch('gpu=H100');
  const a = machineRecord({ gpu_name: 'H100' });
  const b = machineRecord({ gpu_name: 'A100' });
  const c = machineRecord({ gpu_name: 'H100' });

  it('the first snapshot marks nothing', () => {
    const news = new NewMachines();
    news.update(newsOf(diffMachines(undefined, [a, b]), [h100]), false);
    assert.equal(news.isNew(a.node_name), false);
    assert.equal(news.badge, 0);
    assert.deepEqual(newsOf(diffMachines(undefined, [a, b]), [h100]), { initial: true, appeared: [], disappeared: [], watches: [] });
  });

  it('machines that appear while the view is hidden are marked, and those matching a watch count in the badge until the view is shown', () => {
    const news = new NewMachines();
    news.update(newsOf(diffMachines([], [a, b]), [h100]), false);
    assert.ok(news.isNew(a.node_name) && news.isNew(b.node_name));
    assert.equal(news.badge, 1);
    news.shown();
    assert.equal(news.badge, 0);
    assert.ok(news.isNew(a.node_name), 'still marked while the user looks');
    news.update(newsOf(diffMachines([a, b], [a, b, c]), [h100]), false);
    assert.deepEqual([news.isNew(a.node_name), news.isNew(c.node_name)], [false, true], 'seen marks go with the next refresh');
    assert.equal(news.badge, 1);
  });

  it('while the view is shown, each refresh marks its own new machines and adds nothing to the badge; while it is hidden and unseen, marks stay', () => {
    for (const [visible, marked] of [
      [true, [false, true, 0]],
      [false, [true, true, 2]],
    ] as const) {
      const news = new NewMachines();
      news.update(newsOf(diffMachines([], [a]), [h100]), visible);
      news.update(newsOf(diffMachines([a], [a, c]), [h100]), visible);
      assert.deepEqual([news.isNew(a.node_name), news.isNew(c.node_name), news.badge], marked, `visible: ${visible}`);
    }
  });

  it('a machine that goes away loses its mark and its place in the badge; a price drop into a watch counts', () => {
    const news = new NewMachines();
    news.update(newsOf(diffMachines([], [a]), [h100]), false);
    news.update(newsOf(diffMachines([a], []), [h100]), false);
    assert.deepEqual([news.isNew(a.node_name), news.badge], [false, 0]);
    const priceDrop = (id: string) => ({ initial: false, appeared: [], disappeared: [], watches: [{ query: 'gpu=H100', found: [id] }] });
    news.update(priceDrop('x'), false);
    news.update(priceDrop('y'), true);
    assert.equal(news.badge, 1);
    // Another service or token: its first load is a baseline, which forgets the badge and the marks.
    news.update(newsOf(diffMachines(undefined, [c]), [h100]), false);
    assert.deepEqual([news.badge, news.isNew('x'), news.isNew(c.node_name)], [0, false, false]);
  });
});

describe('watches: what the alert gate keeps', () => {
  it('drops held machines that went away, and counts what it holds', () => {
    const gate = new AlertGate();
    // How many machines wait for a watch's next alert: what the gate keeps (private; read here only).
    const heldCount = (key: string) => gate['held'].get(key)?.size ?? 0;
    const m = (i: number) => machineRecord({ node_name: `k${i}` });
    gate.offer('w', [m(1)], 0, () => true);
    gate.offer('w', [m(2), m(3)], 1000, () => true);
    assert.equal(heldCount('w'), 2);
    gate.offer('w', [], 2000, (id) => id !== 'k2');
    assert.equal(heldCount('w'), 1);
    assert.equal(heldCount('other'), 0);
  });
});

describe('watches: details', () => {
  it('a blank name falls back to the query; a name is trimmed for the label and kept as written in the setting', () => {
    const { watches } = parseWatches([{ query: 'gpus>=2', name: '   ' }, { query: 'gpus>=4', name: '  Big  ' }]);
    assert.deepEqual(watches.map((w) => [w.label, w.setting.name]), [['gpus>=2', undefined], ['Big', '  Big  ']]);
  });

  it('names a bad entry by its JSON, shortened', () => {
    const { problems } = parseWatches([42, { query: 1 }, 'x'.repeat(200)]);
    assert.deepEqual(problems.map((p) => p.entry.length <= 80), [true, true, true]);
    assert.deepEqual(problems.slice(0, 2).map((p) => p.entry), ['42', '{"query":1}']);
  });

  it('isActive: paused watches are not', () => {
    const { watches } = parseWatches([{ query: 'gpus>=2' }, { query: 'gpus>=4', paused: true }]);
    assert.deepEqual(watches.map(isActive), [true, false]);
  });

  it('the gate: nothing offered and nothing held is no alert; an alert at the same instant as the last one is held', () => {
    const gate = new AlertGate();
    assert.deepEqual(gate.offer('w', [], 0, () => true), []);
    assert.equal(gate.offer('w', [machineRecord({ node_name: 'g1' })], 10, () => true).length, 1);
    assert.deepEqual(gate.offer('w', [machineRecord({ node_name: 'g2' })], 10, () => true), []);
    const gone = new AlertGate();
    assert.deepEqual(gone.offer('v', [machineRecord({ node_name: 'g3' })], 0, () => false), [], 'gone before it could be told');
    assert.equal(gone.offer('v', [machineRecord({ node_name: 'g4' })], 1, () => true).length, 1, 'so no quiet time started');
  });

  it('the poll plan counts failures, and a first poll after focus returns runs at once', () => {
    const plan = new PollPlan(60_000);
    assert.equal(plan.waitMs(0, true), 0);
    plan.ended(0, false);
    plan.ended(0, false);
    assert.equal(plan.delayMs, 4 * 60_000, 'two failures: four intervals');
  });

  it('news: a machine matching only one of two watches counts in the badge', () => {
    const news = new NewMachines();
    const h = machineRecord({ gpu_name: 'H100' });
    news.update(newsOf(diffMachines([], [h]), [watch('gpu=a100'), watch('gpu=h100')]), false);
    assert.equal(news.badge, 1);
    assert.ok(news.isNew(h.node_name));
  });
});
