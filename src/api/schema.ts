// Checks every item of a response before anything else sees it. An item that
// lacks a field we rely on, or has one of the wrong type, is skipped and
// counted; extra fields are dropped; nullable fields accept any JSON value.
import * as v from 'valibot';
import type { Json, MachineRecord, Template } from './types';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const text = v.string();
/** Free-text fields we only display: a missing or null one becomes ''. */
const optionalText = v.optional(v.nullable(v.string(), ''), '');
/** Nullable fields whose type the spec does not show: absent means null. */
const anyJson = v.optional(v.unknown(), null);
/** A non-negative decimal number carried as a string, e.g. "1.85". */
const DECIMAL = /^\s*\d+(\.\d+)?\s*$/;

export const MachineSchema = v.object({
  price: v.pipe(v.string(), v.regex(DECIMAL, 'price is not a decimal number')),
  labels: v.optional(v.nullable(v.array(v.unknown()), []), []),
  node_name: v.pipe(v.string(), v.nonEmpty()),
  gpu_name: v.pipe(v.string(), v.nonEmpty()),
  gpu_count: v.pipe(v.number(), v.integer(), v.minValue(1)),
  gpu_memory: count,
  cpu_name: text,
  cpu_count: count,
  cpu_per_gpu: count,
  memory_per_gpu: count,
  memory_total: count,
  disk_per_gpu: count,
  disk_total: count,
  region: text,
  network_upload_speed: count,
  network_download_speed: count,
  up_time: count,
  online_rate: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
  driver_version: text,
  cuda_version: text,
  nvlink_status: v.boolean(),
});

export const TemplateSchema = v.object({
  name: text,
  description: optionalText,
  image_name: text,
  image_tag: text,
  image_label: optionalText,
  docker_username: anyJson,
  docker_passwd: anyJson,
  docker_registry: anyJson,
  public_port: anyJson,
  onstart: anyJson,
  options: anyJson,
  image_type: v.pipe(v.number(), v.integer()),
  id: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

export interface Validated<T> {
  items: T[];
  /** Items left out: malformed or a repeat of an id already seen. */
  skipped: number;
  /** How many of the skipped items were repeats of an id already seen. */
  duplicates: number;
  /** Why items were skipped, for the log; at most a handful. */
  problems: string[];
}

const MAX_PROBLEMS = 5;

/**
 * Validates a list of raw items, keeping the valid ones in order and dropping
 * repeats of an id already in `seen` (which it updates, so paging can share it).
 */
export function validateItems<T, K>(
  raw: readonly unknown[],
  check: (item: unknown) => { ok: true; value: T } | { ok: false; reason: string },
  keyOf: (item: T) => K,
  seen: Set<K> = new Set(),
): Validated<T> {
  const items: T[] = [];
  const problems: string[] = [];
  let skipped = 0;
  let duplicates = 0;
  const note = (index: number, reason: string) => {
    skipped++;
    if (problems.length < MAX_PROBLEMS) {
      problems.push(`item ${index}: ${reason}`);
    }
  };
  raw.forEach((item, index) => {
    const result = check(item);
    if (!result.ok) {
      note(index, result.reason);
      return;
    }
    const key = keyOf(result.value);
    if (seen.has(key)) {
      duplicates++;
      note(index, `duplicate id ${String(key).slice(0, 64)}`);
      return;
    }
    seen.add(key);
    items.push(result.value);
  });
  return { items, skipped, duplicates, problems };
}

function checker<S extends v.GenericSchema, T>(schema: S, finish: (value: v.InferOutput<S>) => T) {
  return (item: unknown): { ok: true; value: T } | { ok: false; reason: string } => {
    const result = v.safeParse(schema, item, { abortEarly: true });
    if (result.success) {
      return { ok: true, value: finish(result.output) };
    }
    return { ok: false, reason: describeIssue(result.issues[0]) };
  };
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  if (issue.kind === 'schema' && issue.path === undefined) {
    return `not an object (${issue.received})`;
  }
  const problem = issue.input === undefined ? 'missing' : `expected ${issue.expected ?? 'a valid value'}, got ${issue.received}`;
  return path ? `${path}: ${problem}` : problem;
}

export const checkMachine = checker(MachineSchema, (m): MachineRecord => ({
  ...m,
  labels: m.labels as Json[],
  priceValue: Number(m.price),
  pricePerGpu: Number(m.price) / m.gpu_count,
}));

export const checkTemplate = checker(TemplateSchema, (t): Template => t as Template);

export function validateMachines(raw: readonly unknown[]): Validated<MachineRecord> {
  return validateItems(raw, checkMachine, (m) => m.node_name);
}
