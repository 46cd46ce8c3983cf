// `gpu-rental history [WORDS] [--days N]` (docs/cli.md): the market history's
// prices per GPU model and day or hour. The history keeps per-model figures,
// not machines, so WORDS choose models by the words of their names.
import { DAY_MS, HOUR_MS } from '../market/history/downsample';
import { tableRows, type TrendSample } from '../market/history/trends';
import type { Command } from './args';
import { colorOf, formatOf, write, type Io } from './commands';
import { EXIT } from './errors';
import { historyOrigin, withCliHistory } from './historyAccess';
import { round, safeJson, table, type Column } from './output';

/** A row of the JSON: `time` is the hour or day (UTC) the row stands for. */
function rowOf(gpu: string, s: TrendSample) {
  return { gpu, time: new Date(s.t).toISOString(), lists: s.n, low: round(s.low, 4), p25: round(s.p25, 4), median: round(s.median, 4), gpus: round(s.gpus, 2), machines: round(s.machines, 2) };
}

type HistoryRow = ReturnType<typeof rowOf>;

const COLUMNS: Column<HistoryRow>[] = [
  { title: 'GPU', align: 'left', max: 28, value: (r) => r.gpu },
  { title: 'TIME (UTC)', align: 'left', max: 20, value: (r) => r.time.replace('T', ' ').replace(/:00(\.000)?Z$/, '') },
  { title: 'LOW/GPU', align: 'right', max: 10, value: (r) => r.low.toFixed(2) },
  { title: 'P25/GPU', align: 'right', max: 10, value: (r) => r.p25.toFixed(2) },
  { title: 'MEDIAN/GPU', align: 'right', max: 10, value: (r) => r.median.toFixed(2) },
  { title: 'GPUS', align: 'right', max: 8, value: (r) => String(Math.round(r.gpus)) },
  { title: 'LISTS', align: 'right', max: 8, value: (r) => String(r.lists) },
];

/** Whether a model's name holds every (lower-case) word anywhere, as a filter's bare words match. */
export function modelMatches(model: string, words: readonly string[]): boolean {
  const name = model.toLowerCase();
  return words.every((w) => name.includes(w));
}

export async function runHistory(command: Extract<Command, { kind: 'history' }>, io: Io): Promise<number> {
  const rows = await withCliHistory(historyOrigin(io.env), io, (store) => {
    const words = command.words.toLowerCase().split(/\s+/).filter(Boolean);
    const models = store.modelNames().filter((m) => modelMatches(m, words));
    const stepMs = command.days <= 2 ? HOUR_MS : DAY_MS;
    const { latest, series } = store.series(models, -Infinity);
    const from = Math.floor((latest - command.days * DAY_MS) / stepMs) * stepMs;
    return series.flatMap((s) => tableRows({ gpu: s.gpu, samples: s.samples.filter((x) => x.t >= from) }, stepMs).map((r) => rowOf(s.gpu, r)));
  });
  if (rows.length === 0) await write(io.stderr, 'gpu-rental: the market history has nothing for that yet: `gpu-rental record` or an editor window records it\n');
  switch (formatOf(command, io)) {
    case 'table':
      if (rows.length) await write(io.stdout, table(COLUMNS, [{ rows }], { color: colorOf(command, io), width: io.stdout.columns }));
      break;
    case 'ndjson':
      for (const r of rows) await write(io.stdout, `${safeJson(r)}\n`);
      break;
    default:
      await write(io.stdout, `${safeJson(rows)}\n`);
  }
  return rows.length ? EXIT.found : EXIT.nothing;
}
