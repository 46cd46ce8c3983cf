// What the query tests share: parsing that must succeed or fail, the names a
// query keeps, and clause builders.
import * as assert from 'node:assert/strict';
import type { Machine } from '../../src/api/types';
import { compileQuery, parseQuery, type Clause, type FieldName, type Op, type Query, type TextTerm, type Value } from '../../src/model/query';

export function parsed(input: string): Query {
  const result = parseQuery(input);
  if (!result.ok) {
    assert.fail(`'${input}' did not parse: ${result.error.message}`);
  }
  return result.query;
}

export function parseError(input: string): { position: number; message: string } {
  const result = parseQuery(input);
  assert.ok(!result.ok, `'${input}' parsed but should not have`);
  return result.error;
}

/** The machines the query matches, in their order. */
export function filterMachines(machines: readonly Machine[], query: Query): Machine[] {
  return machines.filter(compileQuery(query));
}

/** The names of the machines the query keeps, in order. */
export function names(machines: readonly Machine[], input: string): string[] {
  return filterMachines(machines, parsed(input)).map((x) => x.node_name);
}

export const compare = (field: FieldName, op: Op, ...values: Value[]): Clause => ({ kind: 'compare', field, op, values });
export const text = (t: string): TextTerm => ({ kind: 'text', text: t });
/** A clause on a word-prefix field with, per value, whether it was quoted (the whole name). */
export const quoted = (clause: Clause, ...exact: boolean[]): Clause => ({ ...clause, exact });
