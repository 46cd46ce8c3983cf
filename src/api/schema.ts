// Checks every item of a response before anything else sees it. An item that
// lacks a field we rely on, or has one of the wrong type, is skipped and
// counted; extra fields are dropped; nullable fields accept any JSON value.
// The checks are the JSON Schemas of ./schemas.ts, compiled ahead of time by
// Ajv into ./validators.generated.ts: a 100k-machine response is checked in
// tens of milliseconds, well under the cost of JSON.parse itself.
import type { Json, MachineRecord, Template } from './types';
import { validateMachine, validateTemplate } from './validators.generated';

interface CompiledValidator {
  (data: unknown): boolean;
  errors?: { instancePath: string; message?: string }[] | null;
}

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

type Check<T> = (item: unknown) => { ok: true; value: T } | { ok: false; reason: string };

function checker<R, T>(validate: CompiledValidator, build: (item: R) => T): Check<T> {
  return (item) => {
    if (validate(item)) {
      return { ok: true, value: build(item as R) };
    }
    const error = validate.errors?.[0];
    const where = error?.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'item';
    return { ok: false, reason: `${where} ${error?.message ?? 'is not valid'}` };
  };
}

/** A machine as the schema guarantees it; only `labels` may be null or absent. */
type CheckedMachine = Omit<MachineRecord, 'labels' | 'priceValue' | 'pricePerGpu'> & { labels?: Json[] | null };

/**
 * Completes the parsed object in place rather than copying it: at 100k
 * machines a copy doubles the garbage a refresh makes. Objects parsed from
 * one response share their shape, and gain the two derived fields in the same
 * order, so reads in filters and sorts stay fast. Unknown fields stay on the
 * object but nothing reads them: every view lists the spec's fields by name.
 */
export const checkMachine = checker(validateMachine as CompiledValidator, (m: CheckedMachine): MachineRecord => {
  const record = m as CheckedMachine & { priceValue: number; pricePerGpu: number };
  if (!Array.isArray(m.labels)) {
    record.labels = [];
  }
  record.priceValue = Number(m.price);
  record.pricePerGpu = record.priceValue / m.gpu_count;
  return record as MachineRecord;
});

type CheckedTemplate = Omit<Template, 'description' | 'image_label'> & { description?: string | null; image_label?: string | null };

/** Nullable fields whose type the spec does not show: absent means null. */
const orNull = (value: Json | undefined): Json => (value === undefined ? null : value);

export const checkTemplate = checker(validateTemplate as CompiledValidator, (t: CheckedTemplate): Template => ({
  name: t.name,
  description: t.description ?? '',
  image_name: t.image_name,
  image_tag: t.image_tag,
  image_label: t.image_label ?? '',
  docker_username: orNull(t.docker_username),
  docker_passwd: orNull(t.docker_passwd),
  docker_registry: orNull(t.docker_registry),
  public_port: orNull(t.public_port),
  onstart: orNull(t.onstart),
  options: orNull(t.options),
  image_type: t.image_type,
  id: t.id,
}));

export function validateMachines(raw: readonly unknown[]): Validated<MachineRecord> {
  return validateItems(raw, checkMachine, (m) => m.node_name);
}
