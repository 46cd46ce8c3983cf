// The market history of a harness's VS Code server read as the extension
// reads it, for the browser scenarios: a child process on the server's Node
// (one with node:sqlite; the scenarios run on our Node 20), see historyRead.ts.
// Arguments: the history file and the service's origin; stdin: the question
// (JSON); stdout: the answer (JSON).
import * as fs from 'node:fs';
import { PRICE_SCALE, COUNT_SCALE } from '../../src/market/history/schema';
import { compileQuery, parseQuery } from '../../src/model/query';
import { loadSqlite, openHistory } from '../../src/node/historyFile';
import type { HistoryAnswer, HistoryQuestion } from './historyRead';

/** A group row's stored integers in the units of a GroupStat: counts and prices are stored scaled. */
const SCALES = { machines: COUNT_SCALE, gpus: COUNT_SCALE, low: PRICE_SCALE, p25: PRICE_SCALE, median: PRICE_SCALE };
function unscaled(row: Record<string, unknown>): Record<keyof typeof SCALES, number> {
  const entries = Object.entries(SCALES).map(([column, scale]) => [column, Number(row[column]) / scale]);
  return Object.fromEntries(entries) as Record<keyof typeof SCALES, number>;
}

const [file, origin] = process.argv.slice(2);
const question = JSON.parse(fs.readFileSync(0, 'utf8')) as HistoryQuestion;
const problems: string[] = [];
const store = openHistory({ file, origin, keepDays: 365, onProblem: (m) => problems.push(m) });
try {
  // The rows as sqlite3 would show them, on a connection of their own.
  const db = new (loadSqlite().DatabaseSync)(file);
  const lists = db.prepare('SELECT id, t, n FROM lists ORDER BY t, id').all().map((l) => ({
    t: Number(l.t),
    n: Number(l.n),
    groups: db
      .prepare('SELECT m.name AS gpu, g.gpu_count AS count, g.machines, g.gpus, g.low, g.p25, g.median FROM groups g JOIN models m ON m.id = g.model WHERE g.list = ? ORDER BY m.name, g.gpu_count')
      .all(l.id)
      .map((g) => ({ gpu: String(g.gpu), count: Number(g.count), ...unscaled(g) })),
  }));
  const flaps: Record<string, number> = {};
  for (const id of question.ids ?? []) flaps[id] = store.flaps7d(id);
  let matching: number | undefined;
  if (question.query) {
    const parsed = parseQuery(question.query);
    if (!parsed.ok) throw new Error(parsed.error.message);
    matching = (question.machines ?? []).filter(compileQuery(parsed.query, store)).length;
  }
  const answer: HistoryAnswer = { lists: question.lists ? lists : lists.map(({ t, n }) => ({ t, n, groups: [] })), flaps, matching, problems };
  db.close();
  process.stdout.write(JSON.stringify(answer));
} finally {
  store.close();
}
