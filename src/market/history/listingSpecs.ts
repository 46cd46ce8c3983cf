// What the history keeps of each listing for the outlook (src/model/outlook.ts):
// the machine as it was listed (every field a filter can name, in `specs`,
// one row shared by a machine's listings while its fields stay the same) and
// its price over time (the listing's `price` now, and in `reprices` what it
// cost before each change). With them any filter can be asked of the past:
// which listings matched it, when, and at what price. Text fields are kept by
// number (`words`): a year of 100k machines must fit the history's budget.
// Plain TypeScript over the given connection.
import type { Json, Machine } from '../../api/types';
import type { FieldName, Query } from '../../model/query';
import { matchingPlaces, MachineColumns } from '../../model/query/columns';
import { priceOf } from '../../model/price';
import { Column } from './column';
import { rowArrayIterator, rowArrays, type SqlStatement, type SqlValue } from './database';
import { finish, ROWS_PER_STEP, type Steps } from './steps';

/**
 * The columns of `specs` after its id, in order: the Machine fields of the
 * same names (labels last). Not up_time: a counter that moves by itself says
 * little once read, and leaving it out keeps a year in the budget (an outlook
 * leaves a filter's up_time out, see UNKEPT_FIELDS).
 */
const FIELDS = [
  'gpu_name',
  'gpu_count',
  'gpu_memory',
  'cpu_name',
  'cpu_count',
  'cpu_per_gpu',
  'memory_per_gpu',
  'memory_total',
  'disk_per_gpu',
  'disk_total',
  'region',
  'network_upload_speed',
  'network_download_speed',
  'online_rate',
  'driver_version',
  'cuda_version',
  'nvlink_status',
] as const satisfies readonly (keyof Machine)[];

const TEXT: ReadonlySet<string> = new Set(['gpu_name', 'cpu_name', 'region', 'driver_version', 'cuda_version']);
/**
 * Days a listing's price changes are kept (one row a listing and day once
 * thinned, see thin.ts): a longer record of every machine's price does not fit
 * the history's budget (docs/history.md). Before them, a listing counts at the
 * price it had then.
 */
export const REPRICE_DAYS = 7;
/** Totals kept as NULL when they are the per-GPU figure times the GPU count, as they nearly always are: a sixth of a spec's bytes. */
const TOTALS: Readonly<Record<string, keyof Machine>> = { cpu_count: 'cpu_per_gpu', memory_total: 'memory_per_gpu', disk_total: 'disk_per_gpu' };
/** online_rate has four decimals (spec 2.2): kept as a whole number. */
const RATE_SCALE = 10_000;

const COLUMNS = [...FIELDS, 'labels'].join(', ');
const INSERT = `INSERT INTO specs (${COLUMNS}) VALUES (${[...FIELDS, 'labels'].map(() => '?').join(', ')})`;

/**
 * A listing's whole price is stored times this: exact for the two or three
 * decimals the service sends, a byte less a row than the history's per-GPU
 * PRICE_SCALE (a fourth decimal moves the price per GPU by under 0.0005).
 */
export const LISTING_PRICE_SCALE = 1_000;

/** A listing's price as stored (see LISTING_PRICE_SCALE); null when it is not a number. */
export function storedPrice(m: Machine): number | null {
  const price = priceOf(m);
  return Number.isFinite(price) ? Math.round(price * LISTING_PRICE_SCALE) : null;
}

/** Fields a filter may name that the outlook cannot judge the past by: not kept, or read from the history itself. */
export const UNKEPT_FIELDS: ReadonlySet<string> = new Set(['up_time', 'node_name', 'listed_hours', 'flaps_7d', 'below_median']);

/**
 * The fields whose columns are filled as specs are read, while they are in the cache: what a GPU filter
 * names. Filled later, the first filter that named them waited 8-17 ms a column at 130k specs (one cache miss
 * a spec); each costs 0.5-1 MB a 130k. A filter on another field fills its column then.
 */
const COLUMNS_KEPT: readonly FieldName[] = ['gpu_name', 'gpu_count', 'gpu_memory', 'vram_total', 'online_rate', 'region', 'cuda_version'];

/** The labels of the specs that have none: one array, read only (a filter reads a machine's labels), not one each. */
const NO_LABELS: Json[] = [];

export class ListingSpecs {
  /** Word → id. Words are never deleted (a Clear keeps them: names of models, CPUs, regions, versions), so this never goes stale. */
  private readonly wordIds = new Map<string, number>();
  private readonly words = new Map<number, string>();
  /** Decoded specs by id: a row never changes and ids are never reused (AUTOINCREMENT), so these never go stale. */
  private readonly decoded = new Map<number, Machine>();
  /**
   * The same specs in two arrays, ids ascending: what a filter is matched against. Walking a Map of 130k
   * entries the first time (before V8 optimises the loop) took 25-30 ms in Node 24, the arrays 2-4 ms.
   */
  private readonly ids: number[] = [];
  private readonly machines: Machine[] = [];
  /**
   * Per filter (its text without price clauses): the specs it matches, ascending, and how many of `ids` it
   * was asked of; kept across lists, as specs never change. In a typed column rather than a Set: adding
   * 46k specs to a Set cost as much as asking the filter of all 130k (bench:history, a filter's first outlook).
   */
  private readonly matches = new Map<string, { asked: number; specs: Column }>();
  /** The specs' fields as columns, for the filters asked (see MachineColumns): those most filters name filled as specs are read. */
  private readonly columns = new MachineColumns(this.machines, COLUMNS_KEPT);

  constructor(private readonly sql: (text: string) => SqlStatement) {}

  /** Specs of `machines` (IDs 1, 2, …) held in memory only, for practice (outlookPractice.ts): nothing is read or written. */
  static inMemory(machines: readonly Machine[]): ListingSpecs {
    const specs = new ListingSpecs(() => {
      throw new Error('in-memory specs have no database');
    });
    machines.forEach((m, i) => {
      specs.decoded.set(i + 1, m);
      specs.ids.push(i + 1);
      specs.machines.push(m);
    });
    specs.columns.extend();
    return specs;
  }

  /** Up to `count` machines of the specs read, spread over them. */
  sample(count: number): Machine[] {
    const step = Math.max(1, Math.floor(this.machines.length / count));
    const out: Machine[] = [];
    for (let i = 0; i < this.machines.length && out.length < count; i += step) out.push(this.machines[i]);
    return out;
  }

  private wordId(word: string): number {
    let id = this.wordIds.get(word);
    if (id === undefined) {
      this.sql('INSERT INTO words (word) VALUES (?) ON CONFLICT (word) DO NOTHING').run(word);
      id = Number(this.sql('SELECT id FROM words WHERE word = ?').get(word)!.id);
      this.wordIds.set(word, id);
      this.words.set(id, word);
    }
    return id;
  }

  /** The row of `specs` that stands for a machine's fields. */
  private encode(m: Machine): SqlValue[] {
    const row: SqlValue[] = FIELDS.map((f) => {
      const v = m[f] as unknown;
      if (TEXT.has(f)) return typeof v === 'string' ? this.wordId(v) : null;
      if (f === 'nvlink_status') return v === true ? 1 : 0;
      if (typeof v !== 'number' || !Number.isFinite(v)) return null;
      if (f in TOTALS && v === (m[TOTALS[f]] as number) * m.gpu_count) return null;
      return f === 'online_rate' ? Math.round(v * RATE_SCALE) : v;
    });
    row.push(m.labels.length > 0 ? JSON.stringify(m.labels) : null);
    return row;
  }

  /** The spec of a machine that appeared: `previous` (its last listing's) when its fields are the same, else a new one. */
  specOf(m: Machine, previous: number | undefined): number {
    const row = this.encode(m);
    if (previous !== undefined) {
      const stored = rowArrays(this.sql(`SELECT ${COLUMNS} FROM specs WHERE id = ? -- arrays`), previous)[0];
      if (stored && stored.every((v, i) => v === row[i] || (typeof v === 'number' && Number(row[i]) === v))) return previous;
    }
    return Number(this.sql(INSERT).run(...row).lastInsertRowid);
  }

  /** The machine of a spec (node_name '' and price '': the caller sets the price of the moment); undefined when unknown. */
  machine(id: number): Machine | undefined {
    return this.decoded.get(id);
  }

  /**
   * The specs whose machine passes `query` (a filter without its price
   * clauses, named by `key`), ascending: asked of each spec once, then of new ones only.
   */
  matching(key: string, query: Query, check: () => void): Float64Array {
    let entry = this.matches.get(key);
    if (!entry) {
      // A few dozen filters (the current one, the watches) are asked again and again; others come and go.
      if (this.matches.size >= 64) this.matches.clear();
      this.matches.set(key, (entry = { asked: 0, specs: new Column() }));
    }
    if (entry.asked < this.ids.length) {
      appendIds(entry.specs, this.ids, matchingPlaces(query, this.machines, this.columns, entry.asked, this.ids.length, check));
      entry.asked = this.ids.length;
    }
    return entry.specs.view();
  }

  /** Reads the specs not decoded yet (those of other writers, or new), and the words they need. */
  load(): void {
    finish(this.loading());
  }

  /** `load` in slices (see steps.ts). */
  *loading(): Steps<void> {
    const after = this.ids.length > 0 ? this.ids[this.ids.length - 1] : 0;
    let words = false;
    let n = 0;
    for (const [id, ...values] of rowArrayIterator(this.sql(`SELECT id, ${COLUMNS} FROM specs WHERE id > ? ORDER BY id -- arrays`), after)) {
      if (!words) {
        words = true;
        for (const [wordId, word] of rowArrays(this.sql('SELECT id, word FROM words -- arrays'))) {
          this.words.set(Number(wordId), word as string);
          this.wordIds.set(word as string, Number(wordId));
        }
      }
      const machine = this.decode(values);
      this.decoded.set(Number(id), machine);
      this.ids.push(Number(id));
      this.machines.push(machine);
      if (++n % ROWS_PER_STEP === 0) {
        this.columns.extend();
        yield;
      }
    }
    this.columns.extend();
  }

  private decode(v: SqlValue[]): Machine {
    const text = (i: number) => (v[i] === null ? '' : (this.words.get(Number(v[i])) ?? ''));
    const num = (i: number) => (v[i] === null ? NaN : Number(v[i]));
    const gpus = num(1);
    const total = (i: number, perGpu: number) => (v[i] === null ? num(perGpu) * gpus : num(i));
    const labels = v[FIELDS.length];
    // One literal in the API's field order: every decoded machine has the shape of a parsed one, so a compiled filter stays fast on them.
    return {
      price: '',
      labels: typeof labels === 'string' ? (JSON.parse(labels) as Json[]) : NO_LABELS,
      node_name: '',
      gpu_name: text(0),
      gpu_count: gpus,
      gpu_memory: num(2),
      cpu_name: text(3),
      cpu_count: total(4, 5),
      cpu_per_gpu: num(5),
      memory_per_gpu: num(6),
      memory_total: total(7, 6),
      disk_per_gpu: num(8),
      disk_total: total(9, 8),
      region: text(10),
      network_upload_speed: num(11),
      network_download_speed: num(12),
      // Not kept, and an outlook never asks it (UNKEPT_FIELDS): a small integer, as NaN is a double V8 boxes in each of 130k objects.
      up_time: 0,
      online_rate: v[13] === null ? NaN : Number(v[13]) / RATE_SCALE,
      driver_version: text(14),
      cuda_version: text(15),
      nvlink_status: v[16] === 1,
    };
  }

}

/** Adds the IDs at `places` to `specs` (a loop in a function of its own: see columns.ts, placesFrom). */
function appendIds(specs: Column, ids: readonly number[], places: Int32Array): void {
  const at = specs.length;
  while (specs.values.length < at + places.length) specs.grow();
  specs.length = at + places.length;
  // Nothing after the loop: V8 threw the loop's replaced code away at a statement after it that had not run yet.
  for (let i = 0; i < places.length; i++) specs.values[at + i] = ids[places[i]];
}
