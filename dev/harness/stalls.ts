// What stalled the extension host between two marks: the figures of the stall
// probe (test/fixtures/stall-probe, an extension beside GPU Rental in the same
// extension host) against the marks bench:workbench sets around each action.
// Pure: the benchmark reads the probe's report and hands it in with its marks.

/** A gap in the extension host's event loop: a timer due at `due` ran at `ran` (epoch ms). */
export type Gap = readonly [due: number, ran: number];

/** The extension host's RSS at `at` (bytes; the whole process, a worker thread's memory inside it), and its worker's heap in use when GPU Rental exposes it. */
export type Sample = readonly [at: number, rss: number, workerHeapUsed: number | null];

/** What the probe writes (stalls.json). */
export interface StallReport {
  pid: number;
  intervalMs: number;
  /** Gaps shorter than this are not noted. */
  thresholdMs: number;
  startedAt: number;
  writtenAt: number;
  gaps: Gap[];
  samples: Sample[];
}

/** One run of an action: from its start mark to its end mark (epoch ms, the probe's clock); `tookMs` is how long it took to show its result. */
export interface Mark {
  action: string;
  start: number;
  end: number;
  tookMs: number;
}

export interface WindowFigures {
  /** The longest gap inside the window (a gap that crosses a mark counts with its part inside). */
  longestMs: number;
  /** The time blocked inside the window: the gaps' parts inside it, added up. */
  totalMs: number;
  /** Gaps inside the window, wholly or in part. */
  stalls: number;
  tookMs: number;
  /** The highest RSS sampled inside the window, if any sample fell in it. */
  peakRss: number | undefined;
  peakWorkerHeap: number | undefined;
}

/** Each action with its runs, in the order the actions were first marked. */
export interface ActionFigures {
  action: string;
  runs: WindowFigures[];
}

/** The stalls and memory between `start` and `end`. */
export function windowFigures(report: Pick<StallReport, 'gaps' | 'samples'>, mark: Mark): WindowFigures {
  let longestMs = 0;
  let totalMs = 0;
  let stalls = 0;
  for (const [due, ran] of report.gaps) {
    const inside = Math.min(ran, mark.end) - Math.max(due, mark.start);
    if (inside <= 0) continue;
    stalls++;
    totalMs += inside;
    longestMs = Math.max(longestMs, inside);
  }
  let peakRss: number | undefined;
  let peakWorkerHeap: number | undefined;
  for (const [at, rss, worker] of report.samples) {
    if (at < mark.start || at > mark.end) continue;
    peakRss = Math.max(peakRss ?? 0, rss);
    if (worker !== null) peakWorkerHeap = Math.max(peakWorkerHeap ?? 0, worker);
  }
  return { longestMs, totalMs, stalls, tookMs: mark.tookMs, peakRss, peakWorkerHeap };
}

/** Groups the marks by action (in the order each action was first marked) with the figures of each run. */
export function actionFigures(report: Pick<StallReport, 'gaps' | 'samples'>, marks: readonly Mark[]): ActionFigures[] {
  const byAction = new Map<string, WindowFigures[]>();
  for (const mark of marks) {
    const runs = byAction.get(mark.action) ?? [];
    runs.push(windowFigures(report, mark));
    byAction.set(mark.action, runs);
  }
  return [...byAction].map(([action, runs]) => ({ action, runs }));
}

/** "120", or "53–156" over several runs. */
export function range(values: readonly number[]): string {
  const rounded = values.map((v) => Math.round(v));
  const low = Math.min(...rounded);
  const high = Math.max(...rounded);
  return low === high ? low.toLocaleString('en-US') : `${low.toLocaleString('en-US')}–${high.toLocaleString('en-US')}`;
}

/** "longest / total ms" of an action's runs, each a range over the runs; "none" when no run stalled. */
export function stallCell(runs: readonly WindowFigures[]): string {
  if (!runs.length) return '';
  if (runs.every((r) => r.stalls === 0)) return 'none';
  return `${range(runs.map((r) => r.longestMs))} / ${range(runs.map((r) => r.totalMs))} ms`;
}

const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

/** The highest RSS sampled in the action's runs, with the worker's heap when one was reported. */
export function memoryCell(runs: readonly WindowFigures[]): string {
  const rss = runs.map((r) => r.peakRss).filter((v): v is number => v !== undefined);
  if (!rss.length) return '';
  const worker = runs.map((r) => r.peakWorkerHeap).filter((v): v is number => v !== undefined);
  return worker.length ? `${mb(Math.max(...rss))} (worker heap ${mb(Math.max(...worker))})` : mb(Math.max(...rss));
}

export interface SizeFigures {
  machines: number;
  actions: ActionFigures[];
}

function markdownTable(head: string[], rows: string[][], align: string[]): string {
  return [`| ${head.join(' | ')} |`, `| ${align.join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

/** One row per action, one column per size, each cell made by `cell` from that action's runs at that size. */
export function pivotTable(sizes: readonly SizeFigures[], corner: string, cell: (runs: readonly WindowFigures[]) => string): string {
  const actions: string[] = [];
  for (const size of sizes) for (const { action } of size.actions) if (!actions.includes(action)) actions.push(action);
  const rows = actions.map((action) => [action, ...sizes.map((size) => cell(size.actions.find((a) => a.action === action)?.runs ?? []))]);
  return markdownTable([corner, ...sizes.map((s) => `${s.machines.toLocaleString('en-US')} machines`)], rows, ['---', ...sizes.map(() => '---:')]);
}

/** Every run of every action at every size: how long it took, its stalls and the peak RSS. */
export function runsTable(sizes: readonly SizeFigures[]): string {
  const rows: string[][] = [];
  for (const size of sizes) {
    for (const { action, runs } of size.actions) {
      runs.forEach((run, i) => {
        rows.push([
          size.machines.toLocaleString('en-US'),
          runs.length > 1 ? `${action} (${i + 1})` : action,
          `${range([run.tookMs])} ms`,
          `${range([run.longestMs])} ms`,
          `${range([run.totalMs])} ms`,
          String(run.stalls),
          memoryCell([run]),
        ]);
      });
    }
  }
  return markdownTable(
    ['machines', 'action', 'took', 'longest stall', 'total blocked', 'stalls', 'ext host RSS, peak'],
    rows,
    ['---:', '---', '---:', '---:', '---:', '---:', '---:'],
  );
}
