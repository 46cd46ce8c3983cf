// A window that never records, for the torture test: polls the history file
// as the market worker does (every POLL_MS; here faster) and, each time the
// poll says another writer changed it, reads the lists it did not have. It
// tells the parent each poll's start and what it then saw.
import { loadSqlite } from '../../src/node/historyFile';
import { HistoryStore } from '../../src/market/history/store';

const [file, origin, everyText] = process.argv.slice(2);
const { DatabaseSync } = loadSqlite();
const db = new DatabaseSync(file);
db.exec('PRAGMA busy_timeout = 5000');
const store = new HistoryStore({ db, origin, keepDays: 365 });
const read = db.prepare('SELECT id, t FROM lists WHERE id > ? ORDER BY id');
let lastId = 0;
setInterval(() => {
  const start = Date.now();
  const changed = store.poll();
  const rows = changed ? read.all(lastId).map((r) => [Number(r.id), Number(r.t)]) : [];
  if (rows.length) lastId = rows[rows.length - 1][0];
  process.send?.({ start, seen: rows.map((r) => r[1]) });
}, Number(everyText));
