// Compiling a parsed query into one predicate over machines: every constant
// parsed and normalised once, cheap tests first.
import type { Json, Machine } from '../../api/types';
import { normalizeData, normalizeText } from '../text';
import { priceOf, pricePerGpu } from '../price';
import { compareParsedVersions, parseVersion } from '../version';
import { FIELD_KINDS, WORD_PREFIX_FIELDS, type Clause, type Kind, type Op, type Query, type TextTerm, type Value } from './fields';
import { historyNumberOf, type MachineHistory } from './historyFields';
import { startsWithWords } from './words';

type Test = (machine: Machine) => boolean;

/** A label as text: a string as it is, anything else as JSON. */
export function labelText(label: Json): string {
  return typeof label === 'string' ? label : JSON.stringify(label);
}

export const NUMBER_OF: Readonly<Record<string, (m: Machine) => number>> = {
  price: priceOf,
  price_per_gpu: pricePerGpu,
  gpu_count: (m) => m.gpu_count,
  gpu_memory: (m) => m.gpu_memory,
  cpu_count: (m) => m.cpu_count,
  cpu_per_gpu: (m) => m.cpu_per_gpu,
  memory_per_gpu: (m) => m.memory_per_gpu,
  memory_total: (m) => m.memory_total,
  disk_per_gpu: (m) => m.disk_per_gpu,
  disk_total: (m) => m.disk_total,
  network_upload_speed: (m) => m.network_upload_speed,
  network_download_speed: (m) => m.network_download_speed,
  up_time: (m) => m.up_time,
  online_rate: (m) => m.online_rate,
  vram_total: (m) => m.gpu_memory * m.gpu_count,
};

export const TEXT_OF: Readonly<Record<string, (m: Machine) => string>> = {
  gpu_name: (m) => m.gpu_name,
  cpu_name: (m) => m.cpu_name,
  region: (m) => m.region,
  node_name: (m) => m.node_name,
  cuda_version: (m) => m.cuda_version,
  driver_version: (m) => m.driver_version,
};

/** Whether a comparison result (negative, zero, positive) satisfies an operator. */
export function satisfies(op: Op, order: number): boolean {
  switch (op) {
    case '=':
    case 'in':
      return order === 0;
    case '!=':
    case 'notin':
      return order !== 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
  }
}

/** A comparison of a number read from anything (a machine's field here; the outlook's price at a moment too). */
export function numberTest<T = Machine>(get: (x: T) => number, op: Op, values: readonly Value[]): (x: T) => boolean {
  const v = values[0] as number;
  switch (op) {
    case '=':
      return (m) => get(m) === v;
    case '!=':
      return (m) => get(m) !== v;
    case '<':
      return (m) => get(m) < v;
    case '<=':
      return (m) => get(m) <= v;
    case '>':
      return (m) => get(m) > v;
    case '>=':
      return (m) => get(m) >= v;
    case 'in':
    case 'notin': {
      const set = new Set(values);
      return (m) => set.has(get(m)) === (op === 'in');
    }
  }
}

function booleanTest(op: Op, values: readonly Value[]): Test {
  const accepted = new Set(values);
  const wanted = op === '=' || op === 'in';
  return (m) => accepted.has(m.nvlink_status) === wanted;
}

function textTest(get: (m: Machine) => string, op: Op, values: readonly Value[]): Test {
  const wanted = op === '=' || op === 'in';
  const set = new Set(values.map((v) => normalizeText(String(v))));
  return (m) => set.has(normalizeData(get(m))) === wanted;
}

/**
 * gpu, region, cpu_name: a bare value matches the first words of the name, a
 * quoted one (exact) the whole name. A fleet has a few hundred distinct names
 * at most, so the answer per name is remembered.
 */
function wordPrefixTest(get: (m: Machine) => string, op: Op, values: readonly Value[], exact: readonly boolean[] | undefined): Test {
  const wanted = op === '=' || op === 'in';
  const normal = values.map((v) => normalizeText(String(v)));
  const whole = new Set(normal.filter((_, i) => exact?.[i] === true));
  const prefixes = normal.filter((_, i) => exact?.[i] !== true);
  const matches = remembered((name) => {
    const data = normalizeData(name);
    return (whole.has(data) || prefixes.some((p) => startsWithWords(data, p))) === wanted;
  });
  return (m) => matches(get(m));
}

function labelsTest(op: Op, values: readonly Value[]): Test {
  const set = new Set(values.map((v) => normalizeText(String(v))));
  const wanted = op === '=' || op === 'in';
  return (m) => m.labels.some((label) => set.has(normalizeData(labelText(label)))) === wanted;
}

function versionTest(get: (m: Machine) => string, op: Op, values: readonly Value[]): Test {
  const parsed = values.map((v) => parseVersion(String(v)));
  // A handful of distinct versions cover any fleet, so the answer per version string is remembered.
  const matches = remembered((version) => {
    const own = parseVersion(version);
    if (op === 'in' || op === 'notin') {
      return parsed.some((p) => compareParsedVersions(own, p) === 0) === (op === 'in');
    }
    return satisfies(op, compareParsedVersions(own, parsed[0]));
  });
  return (m) => matches(get(m));
}

/** Distinct GPU, CPU and region names (or versions) a compiled query remembers; beyond this it still works, unremembered. */
const TERM_MEMO_LIMIT = 1 << 16;

/** `answer`, remembered per text for up to TERM_MEMO_LIMIT texts. */
function remembered<T extends boolean | number>(answer: (text: string) => T): (text: string) => T {
  const memo = new Map<string, T>();
  return (text) => {
    let value = memo.get(text);
    if (value === undefined) {
      value = answer(text);
      if (memo.size < TERM_MEMO_LIMIT) memo.set(text, value);
    }
    return value;
  };
}
/** Needles per bit mask: a 31-bit integer stays a small integer in V8. */
const TERMS_PER_MASK = 30;

/**
 * All text terms of a query as one test: each term must occur in the GPU
 * name, CPU name, region or node ID. Which terms a name contains is a bit
 * mask remembered per distinct name, so a machine costs a few map lookups
 * however many terms there are; only the node ID, unique per machine, is
 * searched every time, for the terms the names lack, stopping at the first miss.
 */
function textTermsTest(needles: readonly string[]): Test {
  const all = 2 ** needles.length - 1;
  const maskOf = (normal: string): number => {
    let mask = 0;
    for (let i = 0; i < needles.length; i++) {
      if (normal.includes(needles[i])) {
        mask |= 1 << i;
      }
    }
    return mask;
  };
  const nameMask = remembered((raw) => maskOf(normalizeText(raw)));
  return (m) => {
    const mask = nameMask(m.gpu_name) | nameMask(m.cpu_name) | nameMask(m.region);
    if (mask === all) {
      return true;
    }
    const node = normalizeData(m.node_name);
    for (let i = 0; i < needles.length; i++) {
      if ((mask & (1 << i)) === 0 && !node.includes(needles[i])) {
        return false;
      }
    }
    return true;
  };
}

function textTermsTests(terms: readonly TextTerm[]): Test[] {
  // An empty needle is in every string; repeats change nothing.
  const needles = [...new Set(terms.map((t) => normalizeText(t.text)))].filter((n) => n !== '');
  const tests: Test[] = [];
  for (let i = 0; i < needles.length; i += TERMS_PER_MASK) {
    tests.push(textTermsTest(needles.slice(i, i + TERMS_PER_MASK)));
  }
  return tests;
}

/** Cheap tests run first so costly ones see fewer machines; AND does not care about order. */
const COST: Readonly<Record<Kind, number>> = { boolean: 0, number: 0, version: 1, text: 2, labels: 3 };

function clauseTest(clause: Clause, history: MachineHistory | undefined): Test {
  const kind = FIELD_KINDS[clause.field];
  switch (kind) {
    case 'number':
      return numberTest(historyNumberOf(clause.field, history) ?? NUMBER_OF[clause.field], clause.op, clause.values);
    case 'boolean':
      return booleanTest(clause.op, clause.values);
    case 'text':
      return WORD_PREFIX_FIELDS.has(clause.field)
        ? wordPrefixTest(TEXT_OF[clause.field], clause.op, clause.values, clause.exact)
        : textTest(TEXT_OF[clause.field], clause.op, clause.values);
    case 'version':
      return versionTest(TEXT_OF[clause.field], clause.op, clause.values);
    case 'labels':
      return labelsTest(clause.op, clause.values);
  }
}

/** A predicate for the query, with every constant parsed and normalised once, here; `history` answers the history's fields. */
export function compileQuery(query: Query, history?: MachineHistory): (machine: Machine) => boolean {
  const clauses = query.clauses.filter((term): term is Clause => term.kind === 'compare');
  const terms = query.clauses.filter((term): term is TextTerm => term.kind === 'text');
  // A stable sort: clauses of the same cost keep their order; the text terms, the costliest, go last.
  clauses.sort((a, b) => COST[FIELD_KINDS[a.field]] - COST[FIELD_KINDS[b.field]]);
  const tests = [...clauses.map((clause) => clauseTest(clause, history)), ...textTermsTests(terms)];
  switch (tests.length) {
    case 1:
      return tests[0];
    default:
      return (m) => {
        for (let i = 0; i < tests.length; i++) {
          if (!tests[i](m)) {
            return false;
          }
        }
        return true;
      };
  }
}
