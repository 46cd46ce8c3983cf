// A query asked of a list of machines that only grows (the history's specs,
// src/market/history/listingSpecs.ts) a clause at a time, over columns of the
// machines' fields kept while the list lives: a number clause over the
// field's numbers, a clause on a name, region, version or NVLink once per
// distinct value, and only labels and free words through compileQuery on the
// machines left. Asked machine by machine, 130k objects across the heap cost
// a cache miss each, and a filter compiled anew is closures V8 optimises anew:
// 14-30 ms at every new filter, warm or not (bench:history's outlook); the
// columns are read in order by loops that stay optimised across filters. The
// answers are compileQuery's, machine for machine. Pure.
import type { Machine } from '../../api/types';
import { compileQuery, NUMBER_OF, TEXT_OF } from './compile';
import { FIELD_KINDS, type Clause, type FieldName, type Op, type Query, type Value } from './fields';

/** The fields read as codes: few distinct values, each asked once. */
// Stryker disable next-line all: only which way a clause is asked: through the columns or compileQuery, the same answer (the property tests hold them equal)
const CODED_OF: Readonly<Record<string, (m: Machine) => unknown>> = { ...TEXT_OF, nvlink_status: (m) => m.nvlink_status };

/** A field's values as codes: machine i's is the value of code `codes[i]`, first held by machine `firsts[code]`. */
interface Codes {
  codes: Int32Array;
  firsts: number[];
  byValue: Map<unknown, number>;
}

/** A clause on one of a machine's numbers: asked of the column. */
// Stryker disable next-line all: only which way a clause is asked: through the columns or compileQuery, the same answer (the property tests hold them equal)
const onNumbers = (c: Query['clauses'][number]): c is Clause => c.kind === 'compare' && FIELD_KINDS[c.field] === 'number' && c.field in NUMBER_OF;
/** A clause on a name, region, version or NVLink: asked once per distinct value. */
// Stryker disable next-line all: only which way a clause is asked: through the columns or compileQuery, the same answer (the property tests hold them equal)
const onCodes = (c: Query['clauses'][number]): c is Clause => c.kind === 'compare' && FIELD_KINDS[c.field] !== 'number' && c.field in CODED_OF;

/**
 * Each field's value per machine of `machines`, for the fields named when
 * made (filled as machines come: `extend` after adding some, while they are
 * in the cache) and any other a filter names (filled then).
 */
export class MachineColumns {
  private readonly numberColumns = new Map<string, Float64Array>();
  private readonly codedColumns = new Map<string, Codes>();
  /** Machines every column holds. */
  private length = 0;

  constructor(
    private readonly machines: readonly Machine[],
    fields: readonly FieldName[],
  ) {
    // Stryker disable next-line all: a column made now or when a filter first names it holds the same numbers
    for (const field of fields) this.column(field);
  }

  /** Fills every column for the machines added since. */
  extend(): void {
    const from = this.length;
    const n = this.machines.length;
    for (const [field, values] of this.numberColumns) this.numberColumns.set(field, fillNumbers(room(values, from, n), this.machines, NUMBER_OF[field], from, n));
    for (const [field, codes] of this.codedColumns) {
      codes.codes = room(codes.codes, from, n);
      fillCodes(codes, this.machines, CODED_OF[field], from, n);
    }
    this.length = n;
  }

  /** The field's numbers of every machine so far, at the machines' places (the array may be longer). */
  numbers(field: string): Float64Array {
    this.column(field);
    this.extend();
    return this.numberColumns.get(field)!;
  }

  /** The field's values of every machine so far, as codes. */
  coded(field: string): Codes {
    this.column(field);
    this.extend();
    return this.codedColumns.get(field)!;
  }

  /** A column for `field`, filled as far as the others. */
  private column(field: string): void {
    const n = this.length;
    // Stryker disable next-line ConditionalExpression,LogicalOperator: only number fields are asked here as numbers (onNumbers); a column made again holds the same values
    if (field in NUMBER_OF && FIELD_KINDS[field as FieldName] === 'number') {
      // Stryker disable next-line ConditionalExpression: a column made again holds the same numbers
      if (!this.numberColumns.has(field)) this.numberColumns.set(field, fillNumbers(new Float64Array(Math.max(1024, n)), this.machines, NUMBER_OF[field], 0, n));
      return;
    }
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a column made again holds the same codes; other fields never come here
    if (!(field in CODED_OF) || this.codedColumns.has(field)) return;
    const codes: Codes = { codes: new Int32Array(Math.max(1024, n)), firsts: [], byValue: new Map() };
    fillCodes(codes, this.machines, CODED_OF[field], 0, n);
    this.codedColumns.set(field, codes);
  }
}

function fillNumbers(values: Float64Array, machines: readonly Machine[], get: (m: Machine) => number, from: number, to: number): Float64Array {
  for (let i = from; i < to; i++) values[i] = get(machines[i]);
  return values;
}

function fillCodes(column: Codes, machines: readonly Machine[], get: (m: Machine) => unknown, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const value = get(machines[i]);
    let code = column.byValue.get(value);
    // Stryker disable next-line ConditionalExpression: a code per machine asks the clause of each machine, to the same answer
    if (code === undefined) {
      code = column.firsts.length;
      column.byValue.set(value, code);
      column.firsts.push(i);
    }
    column.codes[i] = code;
  }
}

/** `values` with room for `n` (its first `length` kept). */
function room<T extends Float64Array | Int32Array>(values: T, length: number, n: number): T {
  if (values.length >= n) return values;
  const grown = new (values.constructor as new (size: number) => T)(Math.max(n, values.length * 2));
  grown.set(values.subarray(0, length));
  return grown;
}

/** Machines per look at the cancel flag while labels and words are asked of them. */
const SLICE = 4096;

/**
 * The places from `from` up to `to` of the machines that pass `query`,
 * ascending; `check` throws when the asker cancelled.
 */
export function matchingPlaces(query: Query, machines: readonly Machine[], columns: MachineColumns, from: number, to: number, check: () => void = () => undefined): Int32Array {
  const kept = placesFrom(from, to);
  let n = kept.length;
  for (const clause of query.clauses.filter(onNumbers)) {
    check();
    n = keepNumbers(columns.numbers(clause.field), kept, n, clause.op, clause.values);
  }
  for (const clause of query.clauses.filter(onCodes)) {
    check();
    const { codes, firsts } = columns.coded(clause.field);
    // The clause reads only this field: its answer for the first machine with a value is its answer for every one.
    const test = compileQuery({ clauses: [clause] });
    n = keepCodes(codes, Uint8Array.from(firsts, (i) => (test(machines[i]) ? 1 : 0)), kept, n);
  }
  // Stryker disable next-line all: more clauses through compileQuery ask again what the columns answered, to the same answer
  const others = query.clauses.filter((c) => !onNumbers(c) && !onCodes(c));
  // Stryker disable next-line ConditionalExpression,EqualityOperator: compileQuery of no clause passes every machine
  if (others.length > 0) {
    const test = compileQuery({ clauses: others });
    let k = 0;
    // Stryker disable next-line EqualityOperator: a slice from n on is empty
    for (let s = 0; s < n; s += SLICE) {
      check();
      k = keepPassing(machines, kept, s, Math.min(n, s + SLICE), k, test);
    }
    n = k;
  }
  return kept.subarray(0, n);
}

/**
 * The places from `from` up to `to`. A loop of its own, as each loop here: V8 replaces a long loop's code
 * while it runs, and that code threw itself away at the first statement after the loop it had not seen run.
 */
function placesFrom(from: number, to: number): Int32Array {
  const places = new Int32Array(Math.max(0, to - from));
  // Stryker disable next-line EqualityOperator: a typed array ignores a write past its end
  for (let i = 0; i < places.length; i++) places[i] = from + i;
  return places;
}

/** Keeps, in order, the first `n` places of `kept` whose number passes `op values` as compileQuery's numberTest asks it; returns how many. */
function keepNumbers(column: Float64Array, kept: Int32Array, n: number, op: Op, values: readonly Value[]): number {
  const v = values[0] as number;
  let k = 0;
  // One loop per operator: the comparison inside stays one machine instruction, whatever the filter.
  switch (op) {
    case '=':
      for (let i = 0; i < n; i++) if (column[kept[i]] === v) kept[k++] = kept[i];
      break;
    case '!=':
      for (let i = 0; i < n; i++) if (column[kept[i]] !== v) kept[k++] = kept[i];
      break;
    case '<':
      for (let i = 0; i < n; i++) if (column[kept[i]] < v) kept[k++] = kept[i];
      break;
    case '<=':
      for (let i = 0; i < n; i++) if (column[kept[i]] <= v) kept[k++] = kept[i];
      break;
    case '>':
      for (let i = 0; i < n; i++) if (column[kept[i]] > v) kept[k++] = kept[i];
      break;
    case '>=':
      for (let i = 0; i < n; i++) if (column[kept[i]] >= v) kept[k++] = kept[i];
      break;
    case 'in':
    case 'notin': {
      const set = new Set(values);
      const wanted = op === 'in';
      for (let i = 0; i < n; i++) if (set.has(column[kept[i]]) === wanted) kept[k++] = kept[i];
      break;
    }
  }
  return k;
}

/** Keeps, in order, the first `n` places of `kept` whose code passes (`passes[code]` is 1); returns how many. */
function keepCodes(codes: Int32Array, passes: Uint8Array, kept: Int32Array, n: number): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (passes[codes[kept[i]]] === 1) kept[k++] = kept[i];
  return k;
}

/** Keeps places s0 up to s1 of `kept` whose machine passes `test`, written from `k` on; returns where the next goes. */
function keepPassing(machines: readonly Machine[], kept: Int32Array, s0: number, s1: number, k: number, test: (m: Machine) => boolean): number {
  for (let i = s0; i < s1; i++) if (test(machines[kept[i]])) kept[k++] = kept[i];
  return k;
}
