// Near misses: when a filter finds nothing or fewer than three machines, the
// smallest change to one of its clauses that finds more, for each clause that
// can give way. Pure and computed on the snapshot: each machine is tested
// against each clause once, so the machines that fail only clause i are known
// for every i, and a changed clause is tested on those (and on the matches)
// alone. A suggestion's count is the count of the query it proposes: it is
// computed by the same compiled test the filter uses, on the same machines.
import * as l10n from '@vscode/l10n';
import type { Machine } from '../api/types';
import { FIELD_KINDS, type Clause, type Op, type Query, type TextTerm } from './query/fields';
import { NUMBER_OF, TEXT_OF, compileQuery } from './query/compile';
import { printQuery } from './query/print';
import { lowest, pricePerGpu } from './price';
import { compareVersions } from './version';
import { formatInteger, formatPricePerGpu } from './format';

/** Fewer matches than this and the view offers near misses. */
export const NEAR_MISS_BELOW = 3;
/** More clauses than this and there are no near misses (a mask per machine is one small integer). */
const MAX_CLAUSES = 30;

export interface NearMiss {
  /** Which clause of the query changes. */
  index: number;
  /** The clause as typed, printed canonically. */
  was: string;
  /** The clause that replaces it, printed canonically; undefined when the clause is dropped. */
  now: string | undefined;
  /** The whole query with the change: what applying the suggestion filters by. */
  query: Query;
  /** How many machines that query finds. */
  found: number;
  /** The cheapest price per GPU among them (NaN when none has a price). */
  cheapestPerGpu: number;
}

type Term = Clause | TextTerm;

/**
 * For each clause whose change finds more machines than the query does now,
 * the smallest such change, in the order of the clauses: an order bound moved
 * just far enough to find `want` machines (or all it can), a number `=` moved
 * to the nearest value there is, anything else dropped. Empty when the query
 * finds `want` or more already, has no clauses, or has more than 30.
 */
export function nearMisses(machines: readonly Machine[], query: Query, want = NEAR_MISS_BELOW): NearMiss[] {
  const terms = query.clauses;
  if (terms.length === 0 || terms.length > MAX_CLAUSES) {
    return [];
  }
  const tests = terms.map((term) => compileQuery({ clauses: [term] }));
  const matching: Machine[] = [];
  const failingOnly: Machine[][] = terms.map(() => []);
  for (const machine of machines) {
    let failed = -1;
    let count = 0;
    for (let i = 0; i < tests.length && count < 2; i++) {
      if (!tests[i](machine)) {
        failed = i;
        count++;
      }
    }
    if (count === 0) {
      matching.push(machine);
    } else if (count === 1) {
      failingOnly[failed].push(machine);
    }
  }
  if (matching.length >= want) {
    return [];
  }
  const misses: NearMiss[] = [];
  terms.forEach((term, index) => {
    if (failingOnly[index].length === 0) {
      return;
    }
    const candidates = matching.concat(failingOnly[index]);
    const changed = relax(term, candidates, want);
    const test = changed === undefined ? () => true : compileQuery({ clauses: [changed] });
    const found = candidates.filter(test);
    if (found.length <= matching.length) {
      return;
    }
    const clauses = changed === undefined ? terms.filter((_, i) => i !== index) : terms.map((t, i) => (i === index ? changed : t));
    misses.push({
      index,
      was: printQuery({ clauses: [term] }),
      now: changed === undefined ? undefined : printQuery({ clauses: [changed] }),
      query: { clauses },
      found: found.length,
      cheapestPerGpu: lowest(found.map(pricePerGpu)),
    });
  });
  return misses;
}

/** The changed clause, or undefined to drop it. `candidates` pass every other clause. */
function relax(term: Term, candidates: readonly Machine[], want: number): Clause | undefined {
  if (term.kind === 'text') {
    return undefined;
  }
  const kind = FIELD_KINDS[term.field];
  if (kind === 'number') {
    const get = NUMBER_OF[term.field];
    const values = Float64Array.from(candidates, get).filter((v) => !Number.isNaN(v));
    if (isOrder(term.op)) {
      const bound = numberBound(term.op, values, want);
      return bound === undefined ? undefined : { kind: 'compare', field: term.field, op: bound.op, values: [bound.value] };
    }
    if (term.op === '=') {
      const nearest = nearestOther(values, term.values[0] as number);
      return nearest === undefined ? undefined : { kind: 'compare', field: term.field, op: '=', values: [nearest] };
    }
    return undefined;
  }
  if (kind === 'version' && isOrder(term.op)) {
    const get = TEXT_OF[term.field];
    const lower = term.op === '<' || term.op === '<=';
    const versions = candidates.map(get).sort((a, b) => (lower ? compareVersions(a, b) : compareVersions(b, a)));
    const at = versions[Math.min(want, versions.length) - 1];
    return { kind: 'compare', field: term.field, op: lower ? '<=' : '>=', values: [at] };
  }
  return undefined;
}

function isOrder(op: Op): op is '<' | '<=' | '>' | '>=' {
  return op === '<' || op === '<=' || op === '>' || op === '>=';
}

/**
 * The bound that lets in the `want` machines nearest to the old one (or all
 * there are), keeping the operator, as round a number as lets in exactly
 * those: the wanted value is vt, and the next value beyond it (which must stay
 * out, with every machine that has it) bounds how far a rounder number may go.
 */
export function numberBound(op: '<' | '<=' | '>' | '>=', values: Float64Array, want: number): { op: Op; value: number } | undefined {
  if (values.length === 0) {
    return undefined;
  }
  if (op === '>' || op === '>=') {
    // A lower bound is an upper bound of the negated values, negated back (0 - x turns -0 into 0).
    const bound = numberBound(op === '>' ? '<' : '<=', values.map((v) => -v), want)!;
    return { op: bound.op === '<' ? '>' : '>=', value: 0 - bound.value };
  }
  const sorted = values.slice().sort();
  const t = Math.min(want, sorted.length) - 1;
  const vt = sorted[t];
  const beyond = sorted.find((v, i) => i > t && v !== vt);
  for (let d = 0; d <= 12; d++) {
    const s = 10 ** d;
    const c = (op === '<' ? Math.floor(vt * s) + 1 : Math.ceil(vt * s)) / s + 0;
    // c lets vt in and keeps `beyond` (the next value past vt) out.
    const within = op === '<' ? c > vt && (beyond === undefined || c <= beyond) : c >= vt && (beyond === undefined || c < beyond);
    if (Number.isFinite(c) && within) {
      return { op, value: c };
    }
  }
  return { op: '<=', value: vt };
}

/** The value nearest to `target` that is not it (the larger on a tie), if any. */
function nearestOther(values: Float64Array, target: number): number | undefined {
  let best: number | undefined;
  for (const v of values) {
    const closer = best === undefined || Math.abs(v - target) < Math.abs(best - target) || (Math.abs(v - target) === Math.abs(best - target) && v > best);
    if (v !== target && closer) best = v;
  }
  return best;
}

/** One line for a person: "price_per_gpu<1.05 would find 3 machines from 1.02/GPU", "without gpu=X: 12 machines from …". */
export function describeNearMiss(miss: NearMiss, locale?: string): string {
  const found = formatInteger(miss.found, locale);
  const from = formatPricePerGpu(miss.cheapestPerGpu, locale);
  if (miss.now === undefined) {
    return miss.found === 1
      ? l10n.t('without {0}: 1 machine, {1}/GPU', miss.was, from)
      : l10n.t('without {0}: {1} machines from {2}/GPU', miss.was, found, from);
  }
  return miss.found === 1 ? l10n.t('{0} would find 1 machine, {1}/GPU', miss.now, from) : l10n.t('{0} would find {1} machines from {2}/GPU', miss.now, found, from);
}
