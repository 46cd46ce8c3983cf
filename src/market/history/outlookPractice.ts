// Practice for the outlook's code while the market worker reads the window
// (store.ts, outlookSteps): a first outlook in a fresh process ran code V8 had
// not compiled yet, at 2-4 times its warm cost (58-86 ms at 100k machines
// against 14-36; docs/performance.md, "What is left of a first outlook").
// Between the read's slices, outlooks of a few filters are asked of a small
// index of machines like the market's (sampled from its specs), each under a
// millisecond, through the same code: the first outlook a person or a watch
// asks then runs code already optimised. Nothing of it is kept or shown.
import type { Machine } from '../../api/types';
import { printQuery, type Clause, type Query } from '../../model/query';
import { DAY_MS, HOUR_MS } from './downsample';
import { ListingSpecs, LISTING_PRICE_SCALE } from './listingSpecs';
import { outlookAnswer } from './outlookAnswer';
import { addReprice, emptyIndex, placeBySpec, type OutlookIndex, type ReadListings } from './outlookIndex';
import { Column } from './column';
import { finish, type Steps } from './steps';

/** Machines of the practice index: enough for each loop to run a few hundred times an outlook. */
export const PRACTICE_MACHINES = 256;
/** Outlooks practised: about as many as V8 needs to optimise the outlook's functions (bench:history). */
export const PRACTICE_OUTLOOKS = 80;

/** Steps that each ask one outlook of a practice index made of `machines`, as if the latest list were at `latest`. */
export function* practiseOutlooks(machines: readonly Machine[], latest: number): Steps<void> {
  if (machines.length === 0) return;
  const index = practiceIndex(machines, latest);
  for (const { text, days } of practiceAsks(machines)) {
    outlookAnswer(index, text, days);
    yield;
  }
}

/**
 * The filters practised, of the kinds people and watches ask (a model and a count, a price per GPU or in
 * all, a region left out, a version, a memory size), from the machines' own values so that each matches,
 * over 30 days and now and then 7.
 */
export function practiceAsks(machines: readonly Machine[]): { text: string; days: number }[] {
  return Array.from({ length: PRACTICE_OUTLOOKS }, (_, round) => ({
    text: practiceFilter(machines[(round * 37) % machines.length], round),
    // Stryker disable next-line all: which window a practice outlook asks changes only which branches run hot, not an answer
    days: round % 10 === 9 ? 7 : 30,
  }));
}

/** An index of `machines`, three listings each over 30 days, some repriced, the last of most still listed. */
export function practiceIndex(machines: readonly Machine[], latest: number): OutlookIndex {
  const specs = ListingSpecs.inMemory(machines);
  // Stryker disable all: the practice's numbers (when, how long, at what price) change which branches of the outlook's code run hot, not an answer anyone sees; the tests hold that the index reads as a record of listings come, gone and repriced, and that every practice filter matches
  const lists: number[] = [];
  for (let t = latest - 31 * DAY_MS; t <= latest; t += HOUR_MS) lists.push(t);
  const read: ReadListings = { since: new Column(), until: new Column(), spec: new Column(), price: new Column(), gpus: new Column() };
  const nodes: (string | null)[] = [];
  const reprices: [spec: number, t: number, price: number][] = [];
  machines.forEach((m, i) => {
    const spec = i + 1;
    const price = Math.round(m.gpu_count * (0.5 + (i % 13) * 0.3) * LISTING_PRICE_SCALE);
    for (let j = 0; j < 3; j++) {
      const since = latest - (28 - 9 * j - (i % 7)) * DAY_MS - (i % 24) * HOUR_MS;
      const open = j === 2 && i % 3 !== 0;
      const until = open ? NaN : Math.min(latest, since + (1 + (i % 5)) * DAY_MS);
      read.since.push(since);
      read.until.push(until);
      read.spec.push(spec);
      read.price.push(price);
      read.gpus.push(m.gpu_count);
      nodes.push(open ? `practice-${spec}` : null);
      if (i % 2 === 0) reprices.push([spec, since + HOUR_MS, Math.round(price * 1.1)]);
    }
  });
  // Stryker restore all
  const index = emptyIndex({ latest, stamp: 0, lastList: 0, oldest: lists[0], oldestSlack: 0, lists }, nodes.length, machines.length, (key, query, check) => specs.matching(key, query, check));
  finish(placeBySpec(index, read, nodes));
  for (const [spec, t, price] of reprices) addReprice(index, spec, t, price);
  return index;
}

/** One practice filter from one machine's values. */
function practiceFilter(m: Machine, round: number): string {
  const clause = (field: Clause['field'], op: Clause['op'], ...values: Clause['values']): Clause => ({ kind: 'compare', field, op, values });
  const clauses: Query['clauses'] = [];
  // Stryker disable all: which numbers a practice filter asks changes only which branches run hot; the tests hold that every practice filter reads, matches, and that they name the fields people filter on
  if (round % 4 === 0) clauses.push(clause('gpu_count', '>=', m.gpu_count), clause('price_per_gpu', '<', 1 + (round % 5)));
  if (round % 4 === 1) clauses.push(clause('gpu_name', '=', m.gpu_name), clause('online_rate', '>=', 0.5 + (round % 5) / 10));
  if (round % 4 === 2) clauses.push(clause('region', 'notin', m.region), clause('cuda_version', '>=', m.cuda_version), clause('gpu_memory', '>=', m.gpu_memory));
  if (round % 4 === 3) clauses.push(clause('gpu_count', '>=', 1 + (round % 4)), clause('price', '<', m.gpu_count * 3), clause('vram_total', '>=', m.gpu_memory));
  // Stryker restore all
  return printQuery({ clauses });
}
