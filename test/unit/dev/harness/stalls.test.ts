import * as assert from 'node:assert/strict';
import { actionFigures, memoryCell, pivotTable, range, runsTable, stallCell, windowFigures, type Gap, type Mark, type Sample } from '../../../../dev/harness/stalls';

const MB = 1e6;
const mark = (action: string, start: number, end: number, tookMs = end - start): Mark => ({ action, start, end, tookMs });

describe('stalls: what stalled the extension host between two marks', () => {
  const gaps: Gap[] = [
    [1_000, 1_080], // 80 ms, before the window
    [2_000, 2_120], // 120 ms, inside
    [2_500, 2_560], // 60 ms, inside
    [2_950, 3_150], // 200 ms, crossing the window's end: 50 ms inside
    [4_000, 4_300], // 300 ms, after
  ];
  const samples: Sample[] = [
    [1_500, 200 * MB, null],
    [2_200, 260 * MB, null],
    [2_900, 240 * MB, null],
    [3_500, 400 * MB, null],
  ];

  it('counts the gaps inside a window: the longest, the total, how many; a gap across a mark only with its part inside', () => {
    const figures = windowFigures({ gaps, samples }, mark('refresh', 1_900, 3_000, 700));
    assert.deepEqual(figures, { longestMs: 120, totalMs: 120 + 60 + 50, stalls: 3, tookMs: 700, peakRss: 260 * MB, peakWorkerHeap: undefined });
  });

  it('a gap that began before the window counts from the start mark', () => {
    const figures = windowFigures({ gaps, samples }, mark('x', 3_100, 3_200));
    assert.equal(figures.longestMs, 50);
    assert.equal(figures.totalMs, 50);
    assert.equal(figures.stalls, 1);
  });

  it('a window with no gap and no sample: nothing stalled, no memory figure', () => {
    assert.deepEqual(windowFigures({ gaps, samples }, mark('idle', 3_200, 3_400)), {
      longestMs: 0,
      totalMs: 0,
      stalls: 0,
      tookMs: 200,
      peakRss: undefined,
      peakWorkerHeap: undefined,
    });
  });

  it('a gap that only touches a mark is not inside', () => {
    assert.equal(windowFigures({ gaps, samples: [] }, mark('x', 1_080, 2_000)).stalls, 0);
  });

  it('takes the worker heap when the probe could read one', () => {
    const withWorker: Sample[] = [
      [10, 300 * MB, 40 * MB],
      [20, 310 * MB, null],
      [30, 290 * MB, 55 * MB],
    ];
    const figures = windowFigures({ gaps: [], samples: withWorker }, mark('x', 0, 100));
    assert.equal(figures.peakRss, 310 * MB);
    assert.equal(figures.peakWorkerHeap, 55 * MB);
    assert.equal(memoryCell([figures]), '310 MB (worker heap 55 MB)');
  });

  it('groups runs by action in the order each was first marked', () => {
    const marks = [mark('first load', 900, 1_900), mark('refresh', 1_900, 2_400), mark('expand', 2_400, 2_900), mark('refresh', 2_900, 4_500)];
    const figures = actionFigures({ gaps, samples }, marks);
    assert.deepEqual(
      figures.map((a) => [a.action, a.runs.map((r) => [r.longestMs, r.totalMs])]),
      [
        ['first load', [[80, 80]]],
        ['refresh', [[120, 120], [300, 500]]],
        ['expand', [[60, 60]]],
      ],
    );
  });

  it('writes ranges over runs, and "none" when no run stalled', () => {
    assert.equal(range([53.4]), '53');
    assert.equal(range([156.2, 53.4, 90]), '53–156');
    assert.equal(range([1_230, 1_230.4]), '1,230');
    const runs = actionFigures({ gaps, samples }, [mark('r', 1_900, 2_400), mark('r', 2_900, 4_500)])[0].runs;
    assert.equal(stallCell(runs), '120–300 / 120–500 ms');
    assert.equal(stallCell(actionFigures({ gaps, samples }, [mark('idle', 3_200, 3_400)])[0].runs), 'none');
    assert.equal(stallCell([]), '');
    assert.equal(memoryCell([]), '');
  });

  it('pivots actions against sizes, leaving a cell empty where a size did not run an action', () => {
    const small = { machines: 1_000, actions: actionFigures({ gaps, samples }, [mark('first load', 900, 1_900), mark('refresh', 1_900, 2_400)]) };
    const large = { machines: 100_000, actions: actionFigures({ gaps, samples }, [mark('first load', 1_900, 3_000), mark('watch poll', 3_000, 4_500)]) };
    assert.equal(
      pivotTable([small, large], 'action', stallCell),
      [
        '| action | 1,000 machines | 100,000 machines |',
        '| --- | ---: | ---: |',
        '| first load | 80 / 80 ms | 120 / 230 ms |',
        '| refresh | 120 / 120 ms |  |',
        '| watch poll |  | 300 / 450 ms |',
      ].join('\n'),
    );
    const table = runsTable([small]).split('\n');
    assert.equal(table[0], '| machines | action | took | longest stall | total blocked | stalls | ext host RSS, peak |');
    assert.equal(table[2], '| 1,000 | first load | 1,000 ms | 80 ms | 80 ms | 1 | 200 MB |');
  });
});
