// The market history in SQLite, shared by every window, the command line and
// the MCP server on this computer (one database per service; the Node side,
// src/node/historyFile.ts, opens the file). Each recorded list is one
// transaction: a row for the list, one per GPU model and count, and the
// machines that appeared or went (`listings`, one row per time a machine was
// listed). Other writers' lists are seen by polling PRAGMA data_version, so a
// window that never records still follows them, and a Clear in any window is
// seen by all. What the views ask (a model's week, a machine's listing) is
// read on demand and kept until the data changes. Plain TypeScript: the
// connection is given.
import type { Machine } from '../../api/types';
import type { ListingFacts, MarketFacts, WeekFacts } from '../../model/historyText';
import { pricePerGpu } from '../../model/price';
import type { MachineHistory } from '../../model/query';
import type { MachineDiff } from '../diff';
import { ALL_COUNTS, GroupTally, type GroupStat } from './aggregate';
import { rowArrays, type SqlDatabase, type SqlStatement } from './database';
import { DAY_MS, HOUR_MS, HOURLY_MS, RAW_MS, type StoredPoint } from './downsample';
import { migrate, PRICE_SCALE, COUNT_SCALE } from './schema';
import { thinHistory } from './thin';
import { importLegacy, type LegacyHistory } from './legacy';
import { comparedWithOpen, followPresence, machinesOf, OPEN_LISTINGS, presenceChanges, type Presence } from './presenceSync';
import { ListingChanges } from './listingChanges';
import { ListingSpecs, storedPrice } from './listingSpecs';
import { reprice } from './reprices';
import { followOthers } from './outlookFollow';
import { followIndex, readOutlookSteps, type OutlookChange, type OutlookIndex } from './outlookIndex';
import { alongside, finish, type Steps } from './steps';
import { practiseOutlooks, PRACTICE_MACHINES } from './outlookPractice';
import { readModels, readSeries, readTrends } from './trendsQuery';
import type { TrendRange, TrendSeries } from './trends';
import type { TrendsView } from './trendsView';
import { WEEK_MS, weekFacts } from './week';

/** A machine gone this long is forgotten (its listings, its returns). */
export const GONE_DAYS = 30;

/** What changed since the list before, as the market's change event says it. */
export interface ListChange {
  /** The list the diff starts from (the same array). */
  before: readonly Machine[];
  diff: MachineDiff;
}

export interface HistoryStoreOptions {
  db: SqlDatabase;
  /** The service's origin, written into the database: a database of another origin is not ours. */
  origin: string;
  keepDays: number;
}

/** Versions are unique across stores: a window that opens another store still tells a new version. */
let lastVersion = 0;

const toPrice = (x: number) => Math.round(x * PRICE_SCALE);
const toCount = (x: number) => Math.round(x * COUNT_SCALE);

export class HistoryStore implements MachineHistory, MarketFacts {
  version = ++lastVersion;
  private readonly db: SqlDatabase;
  private dataVersion: number;
  private weeks = new Map<string, WeekFacts | undefined>();
  private latestCache: number | undefined;
  private presence: Presence | undefined;
  /** The presence's list times, read without its listings (listing() alone needs no more): forgotten at each change. */
  private bounds: Pick<Presence, 'lastT' | 'oldestT' | 'oldestSlack'> | undefined;
  /** The last list this store recorded, its groups' tally, and the presence stamp after it (see record). */
  private last: { list: readonly Machine[]; tally: GroupTally; stamp: number | undefined } | undefined;
  /** The time of the list after which this store last thinned the history. */
  private lastThin = -Infinity;
  private readonly statements = new Map<string, SqlStatement>();
  private readonly specs = new ListingSpecs((text) => this.sql(text));
  /** What each list changed of the listings, for other writers to follow. */
  private readonly changes = new ListingChanges((text) => this.sql(text));
  private outlookIndex: OutlookIndex | undefined;
  /** Whether the outlook's code was practised in this process (see outlookPractice.ts): once is enough. */
  private practised = false;
  /** While a list is recorded with an outlook index read: what it changes of the listings (see followIndex). */
  private outlookChanges: OutlookChange[] | undefined;

  constructor(private readonly options: HistoryStoreOptions) {
    this.db = options.db;
    this.transaction(() => migrate(this.db, options.origin));
    this.dataVersion = this.readDataVersion();
  }

  /**
   * Copies the WAL's pages into the file, as far as readers allow (PASSIVE: never waits), so that the
   * WAL starts over; for a connection opened with `checkpointLater`, which SQLite does not checkpoint at commit.
   */
  checkpoint(): void {
    this.db.exec('PRAGMA wal_checkpoint(PASSIVE)');
  }

  close(): void {
    this.db.close();
  }

  private readDataVersion(): number {
    return Number(this.db.prepare('PRAGMA data_version').get()?.data_version ?? 0);
  }

  /** Runs `fn` in one write transaction (BEGIN IMMEDIATE: the busy timeout applies at once, never halfway). */
  private transaction<T>(fn: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = fn();
      this.db.exec('COMMIT');
      return result;
    } catch (err) {
      try {
        this.db.exec('ROLLBACK');
      } catch {
        // Nothing to roll back (SQLite rolled back itself).
      }
      throw err;
    }
  }

  private changed(): void {
    this.version = ++lastVersion;
    this.weeks.clear();
    this.latestCache = undefined;
    this.bounds = undefined;
    this.outlookIndex = undefined;
  }

  /**
   * Whether another connection changed the history since the last look; forgets what was read when it did, but
   * for the outlook's index, which follows the other writers' lists for an hour where it can (outlookFollow.ts).
   */
  poll(): boolean {
    const dataVersion = this.readDataVersion();
    if (dataVersion === this.dataVersion) return false;
    this.dataVersion = dataVersion;
    this.presence = undefined;
    const index = this.outlookIndex;
    this.changed();
    if (index && this.latestT() - index.loadedAt < HOUR_MS && followOthers(this.db, (text) => this.sql(text), this.changes, this.specs, index)) this.outlookIndex = index;
    return true;
  }

  /** A statement whose rows are arrays (see rowArrays), prepared once per store. */
  private arraysOf(text: string): SqlStatement {
    return this.sql(`${text} -- arrays`);
  }

  /** A prepared statement, prepared once per store. */
  private sql(text: string): SqlStatement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  /** The id of a GPU model's name, added when new; read in the caller's transaction (another window may have cleared the names). */
  private modelId(name: string): number {
    this.sql('INSERT INTO models (name) VALUES (?) ON CONFLICT (name) DO NOTHING').run(name);
    return Number(this.sql('SELECT id FROM models WHERE name = ?').get(name)!.id);
  }

  /** Adds one list (or a downsampled one, standing for `n`) with its groups; returns its id. */
  insertPoint(point: StoredPoint): number {
    const id = Number(this.sql('INSERT INTO lists (t, n) VALUES (?, ?)').run(point.t, point.n).lastInsertRowid);
    const insert = this.sql('INSERT INTO groups (model, gpu_count, list, machines, gpus, low, p25, median) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    for (const g of point.groups) insert.run(this.modelId(g.gpu), g.count, id, toCount(g.machines), toCount(g.gpus), toPrice(g.low), toPrice(g.p25), toPrice(g.median));
    return id;
  }

  /** The time of the latest list (0 when none). */
  private latestT(): number {
    return Number(this.sql('SELECT max(t) AS t FROM lists').get()?.t ?? 0);
  }

  /** The latest list's time, read once per change of the data (the listings need not be read for it). */
  private latest(): number {
    if (this.latestCache === undefined) this.latestCache = this.presence?.lastT ?? this.latestT();
    return this.latestCache;
  }

  /**
   * Records one complete machine list observed at `t`, in one transaction.
   * With `change` (the market's diff from the list before), the groups follow
   * from the last list's, and when nobody else changed the listings since this
   * store's last list, what appeared and went follows from the diff too;
   * otherwise the list is compared with the listings. A list older than the
   * latest recorded adds its prices but not its comings and goings.
   */
  record(t: number, machines: readonly Machine[], change?: ListChange): void {
    this.poll();
    const diff = change && !change.diff.initial ? change.diff : undefined;
    const last = this.last;
    const tally = diff && last?.list === change!.before && last.tally.apply(diff) ? last.tally : new GroupTally(machines);
    this.last = undefined;
    const index = this.outlookIndex;
    this.outlookChanges = index && t - index.loadedAt < HOUR_MS ? [] : undefined;
    let listId = 0;
    const applied = this.transaction(() => {
      listId = this.insertPoint({ t, n: 1, groups: tally.groups() });
      if (t < this.latestT()) return undefined;
      const stamp = this.changes.stamp();
      // Another writer's list since this store last looked: the index follows it at the next poll, not here.
      if (index && (index.stamp !== stamp || index.lastList !== listId - 1)) this.outlookChanges = undefined;
      const moved = diff && last?.list === change!.before && last.stamp !== undefined ? this.changes.movedSince(last.stamp, stamp) : undefined;
      const { appeared, gone, listing } = moved ? { ...presenceChanges(diff!, machines, moved), listing: undefined } : this.comparedWithListings(machines);
      // Without another writer's changes, what appeared is among the diff's newcomers: no 100k-machine walk.
      const comebacks = this.applyPresence(t, appeared, gone, machinesOf(moved?.size === 0 ? diff!.appeared : machines, appeared));
      const repriced = reprice((text) => this.sql(text), t, diff && moved ? diff.changed.filter((c) => c.before.price !== c.after.price).map((c) => c.after) : machines, listing);
      this.outlookChanges?.push(...repriced);
      this.changes.note(stamp + 1, appeared, gone);
      return { appeared, gone, comebacks, stamp: stamp + 1 };
    });
    this.last = { list: machines, tally, stamp: applied?.stamp };
    // Followed from the change for an hour; then read again, so that returns older than a week drop out.
    const fresh = this.presence && applied && t - this.presence.loadedAt < HOUR_MS;
    this.presence = fresh ? followPresence(this.presence!, t, applied!) : undefined;
    const changes = this.outlookChanges;
    this.outlookChanges = undefined;
    if (changes && applied) this.specs.load();
    const followed = index && changes && applied && followIndex(index, [t], changes, (id) => this.specs.machine(id)) ? index : undefined;
    if (followed && applied) {
      followed.stamp = applied.stamp;
      followed.lastList = listId;
    }
    this.changed();
    this.outlookIndex = followed;
    // Thinned by the lists' time, not the clock's: what is kept never depends on when a test or a window runs.
    if (Math.abs(t - this.lastThin) >= HOUR_MS / 6) {
      this.lastThin = t;
      this.transaction(() => thinHistory(this, this.db, Math.max(t, this.latestT()), this.options.keepDays, GONE_DAYS));
    }
  }

  /** What appeared and went, the whole list against the open listings (see comparedWithOpen). */
  private comparedWithListings(machines: readonly Machine[]): ReturnType<typeof comparedWithOpen> {
    return comparedWithOpen(rowArrays(this.arraysOf(OPEN_LISTINGS)), machines);
  }

  /**
   * Opens a listing for each machine that appeared (a comeback when it was
   * listed before), with its fields and price when `found` has the machine,
   * and closes each gone one's; the comebacks.
   */
  applyPresence(t: number, appeared: readonly string[], gone: readonly string[], found?: ReadonlyMap<string, Machine>): Set<string> {
    const before = this.sql('SELECT spec FROM listings WHERE node = ? ORDER BY since DESC LIMIT 1');
    const open = this.sql('INSERT INTO listings (node, since, until, comeback, spec, price) VALUES (?, ?, NULL, ?, ?, ?) ON CONFLICT DO NOTHING');
    const close = this.sql('UPDATE listings SET until = ? WHERE node = ? AND until IS NULL');
    const comebacks = new Set<string>();
    for (const id of appeared) {
      const last = before.get(id);
      const comeback = last !== undefined;
      if (comeback) comebacks.add(id);
      const m = found?.get(id);
      const spec = m ? this.specs.specOf(m, last?.spec === null || last === undefined ? undefined : Number(last.spec)) : null;
      const price = m ? storedPrice(m) : null;
      if (open.run(id, t, comeback ? 1 : 0, spec, price).changes && spec !== null && price !== null) this.outlookChanges?.push({ kind: 'open', node: id, spec, price });
    }
    for (const id of gone) {
      close.run(t, id);
      this.outlookChanges?.push({ kind: 'close', node: id });
    }
    return comebacks;
  }

  /** Deletes the whole history of this service, for every window; false when another writer held it past the busy timeout. */
  clear(): boolean {
    this.transaction(() => {
      this.db.exec('DELETE FROM groups; DELETE FROM lists; DELETE FROM listings; DELETE FROM models; DELETE FROM specs; DELETE FROM reprices;');
      this.changes.reset();
    });
    this.last = undefined;
    this.presence = undefined;
    this.changed();
    return true;
  }

  private loadPresence(): Presence {
    if (this.presence) return this.presence;
    const bounds = this.presenceBounds();
    const open = new Map<string, number>();
    for (const [node, since] of rowArrays(this.arraysOf('SELECT node, since FROM listings WHERE until IS NULL'))) open.set(node as string, Number(since));
    this.presence = { loadedAt: bounds.lastT, ...bounds, open, returns: undefined };
    return this.presence;
  }

  /** The latest and the oldest list's times, without the listings (until the history changes). */
  private presenceBounds(): Pick<Presence, 'lastT' | 'oldestT' | 'oldestSlack'> {
    if (this.bounds) return this.bounds;
    const lastT = this.latestT();
    const oldest = this.sql('SELECT t, n FROM lists ORDER BY t LIMIT 1').get();
    // Thinning moves a list older than RAW_MS to the start of its hour (older than HOURLY_MS: its day), even alone in it (n = 1).
    const oldestT = Number(oldest?.t ?? lastT);
    const age = lastT - oldestT;
    const oldestSlack = Number(oldest?.n ?? 1) > 1 || age > HOURLY_MS ? DAY_MS : age > RAW_MS ? HOUR_MS : 0;
    this.bounds = { lastT, oldestT, oldestSlack };
    return this.bounds;
  }

  /** A model's figures over the 7 days before the latest list (every GPU count); undefined when the history has none. */
  modelWeek(gpu: string): WeekFacts | undefined {
    if (this.weeks.has(gpu)) return this.weeks.get(gpu);
    const lastT = this.latest();
    const rows = this
      .sql('SELECT l.t AS t, l.n AS n, g.low AS low, g.median AS median FROM groups g JOIN lists l ON l.id = g.list WHERE g.model = (SELECT id FROM models WHERE name = ?) AND g.gpu_count = ? AND l.t >= ?')
      .all(gpu, ALL_COUNTS, lastT - WEEK_MS);
    const week = weekFacts(rows.map((r) => ({ t: Number(r.t), n: Number(r.n), low: Number(r.low) / PRICE_SCALE, median: Number(r.median) / PRICE_SCALE })), lastT);
    this.weeks.set(gpu, week);
    return week;
  }

  /** Hours since the machine's current listing began; NaN when the history has not seen it listed. */
  listedHours(nodeId: string): number {
    const p = this.loadPresence();
    const since = p.open.get(nodeId);
    return since === undefined ? NaN : (p.lastT - since) / HOUR_MS;
  }

  /** Since when the machine's open listing runs, read alone (the key's index); undefined when it is not listed. */
  private openSince(nodeId: string): number | undefined {
    const row = this.sql('SELECT since FROM listings WHERE node = ? AND until IS NULL').get(nodeId);
    return row === undefined ? undefined : Number(row.since);
  }

  /** Since when the machine is listed, as far as the history saw it; undefined when it has not seen it listed. */
  listing(nodeId: string): ListingFacts | undefined {
    // A slice of rows asks for its 200 machines: each looked up by its key until something reads every open
    // listing (listed_hours, flaps_7d), so that opening the first group does not wait for that (70 ms at 10k machines).
    const p = this.presence ?? this.presenceBounds();
    const since = this.presence ? this.presence.open.get(nodeId) : this.openSince(nodeId);
    if (since === undefined) return undefined;
    // A point downsampled to an hour or a day starts before the lists it stands for.
    return { since, hours: (p.lastT - since) / HOUR_MS, fromStart: since <= p.oldestT + p.oldestSlack };
  }

  /** Times the machine came back within the 7 days before the latest list; NaN when the history does not list it and saw no return. */
  flaps7d(nodeId: string): number {
    const p = this.loadPresence();
    if (!p.returns) {
      p.returns = new Map();
      for (const [node, n] of rowArrays(this.arraysOf('SELECT node, count(*) FROM listings WHERE comeback = 1 AND since >= ? GROUP BY node'), p.lastT - WEEK_MS)) p.returns.set(node as string, Number(n));
    }
    return p.returns.get(nodeId) ?? (p.open.has(nodeId) ? 0 : NaN);
  }

  /** (7-day median − its price per GPU) / 7-day median of its model: 0.1 is 10% below; negative above. NaN when unknown. */
  belowMedian(machine: Machine): number {
    const week = this.modelWeek(machine.gpu_name);
    if (!week || !(week.median > 0)) return NaN;
    return (week.median - pricePerGpu(machine)) / week.median;
  }

  /** Imports the history an older version kept (see legacy.ts), in one transaction; how many lists it held. */
  importLegacy(legacy: LegacyHistory): number {
    const insert = this.sql('INSERT INTO listings (node, since, until, comeback) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
    const lists = this.transaction(() => {
      this.changes.reset();
      return importLegacy({ insertPoint: (p) => this.insertPoint(p), insertListing: (r) => insert.run(r.node, r.since, r.until, r.comeback ? 1 : 0), applyPresence: (t, appeared, gone) => this.applyPresence(t, this.notListed(appeared), gone) }, legacy);
    });
    this.presence = undefined;
    this.changed();
    return lists;
  }

  /** Those of `ids` without an open listing. */
  private notListed(ids: readonly string[]): string[] {
    const open = this.sql('SELECT 1 AS x FROM listings WHERE node = ? AND until IS NULL');
    return ids.filter((id) => open.get(id) === undefined);
  }

  /** Every GPU model the history has, sorted. */
  modelNames(): string[] {
    return readModels(this.db);
  }

  /** Each model's samples (over every GPU count) from `from` to the latest list, in time order; and the latest list's time. */
  series(models: readonly string[], from: number): { latest: number; series: TrendSeries[] } {
    const latest = this.latest();
    return { latest, series: readSeries(this.db, models, from, latest) };
  }

  /** What the outlook reads (see outlookIndex.ts): the last 30 days' listings with their machines and prices, read once per change of the data. */
  outlook(): OutlookIndex {
    return finish(this.outlookSteps());
  }

  /**
   * `outlook()` in slices (see steps.ts), in one read transaction: the caller writes nothing on this connection
   * until the last (ServerHistory holds its lists back), and ends it early with `return()`, which ends the read.
   */
  *outlookSteps(options: { practise?: boolean } = {}): Steps<OutlookIndex> {
    if (this.outlookIndex) return this.outlookIndex;
    this.db.exec('BEGIN');
    try {
      yield* this.specs.loading();
      const version = this.version;
      const marks = { stamp: this.changes.stamp(), lastList: Number(this.sql("SELECT seq FROM sqlite_sequence WHERE name = 'lists'").get()?.seq ?? 0) };
      const reading = readOutlookSteps(this.db, this.latest(), marks, (id) => this.specs.machine(id), (key, query, check) => this.specs.matching(key, query, check));
      const practice = options.practise && !this.practised ? practiseOutlooks(this.specs.sample(PRACTICE_MACHINES), this.latest()) : undefined;
      this.practised ||= practice !== undefined;
      const index = yield* alongside(reading, practice);
      if (this.version === version) this.outlookIndex = index;
      return index;
    } finally {
      try {
        this.db.exec('COMMIT');
      } catch {
        // Nothing to end: SQLite ended it on an error, or the store was closed meanwhile.
      }
    }
  }

  /** What the Show Market Trends panel draws of `models` over `range`. */
  trends(range: TrendRange, models: readonly string[], options: { columns?: number; samples?: boolean } = {}): TrendsView {
    return readTrends(this.db, this.latest(), range, models, options);
  }
}

export type { GroupStat };
