// Checks every item of a response before anything else sees it. An item that
// lacks a field we rely on, or has one of the wrong type, is skipped and
// counted; extra fields are dropped; nullable fields accept any JSON value.
// The checks are the JSON Schemas of ./schemas.ts, compiled ahead of time by
// Ajv into ./validators.generated.ts: a 100k-machine response is checked in
// tens of milliseconds, well under the cost of JSON.parse itself.
import type { Json, Machine, Template } from './types';
import { validateMachine, validateTemplate } from './validators.generated';

interface CompiledValidator {
  (data: unknown, options?: typeof TOP_LEVEL): boolean;
  errors?: { instancePath: string; message?: string }[] | null;
}

/**
 * The options argument of Ajv's standalone functions, for an item checked on
 * its own. Their signature destructures an options object that defaults to a
 * fresh `{}`: one shared empty object spares an allocation per item, which at
 * 100k machines was 40% of the checks' time.
 */
export const TOP_LEVEL = Object.freeze({});

export interface Validated<T> {
  items: T[];
  /** Items left out: malformed or a repeat of an id already seen. */
  skipped: number;
  /** How many of the skipped items were repeats of an id already seen. */
  duplicates: number;
  /** Why items were skipped, for the log; at most a handful. */
  problems: string[];
}

/** Reasons kept for the log per response; the rest are only counted. */
export const MAX_PROBLEMS = 5;

/** A compiled schema check and what makes a checked item into ours. */
export interface Checker<T> {
  validate: CompiledValidator;
  build(item: unknown): T;
}

/**
 * Validates a list of raw items, keeping the valid ones in order and dropping
 * repeats of an id already in `seen` (which it updates, so paging can share it).
 * One plain loop with nothing allocated per item: at 100k machines this loop
 * is most of what a refresh adds to parsing the body.
 */
export function validateItems<T, K>(raw: readonly unknown[], checker: Checker<T>, keyOf: (item: T) => K, seen: Set<K> = new Set()): Validated<T> {
  const items: T[] = [];
  const problems: string[] = [];
  let skipped = 0;
  let duplicates = 0;
  const { validate, build } = checker;
  for (let index = 0; index < raw.length; index++) {
    const item = raw[index];
    if (!validate(item, TOP_LEVEL)) {
      skipped++;
      if (problems.length < MAX_PROBLEMS) problems.push(`item ${index}: ${reasonOf(validate)}`);
      continue;
    }
    const value = build(item);
    const key = keyOf(value);
    // add() and a look at the size: one hash lookup where has() then add() take two.
    const size = seen.size;
    seen.add(key);
    if (seen.size === size) {
      skipped++;
      duplicates++;
      if (problems.length < MAX_PROBLEMS) problems.push(`item ${index}: duplicate id ${String(key).slice(0, 64)}`);
      continue;
    }
    items.push(value);
  }
  return { items, skipped, duplicates, problems };
}

/** Why the last item a compiled check rejected was rejected, for the log. */
export function reasonOf(validate: CompiledValidator): string {
  const error = validate.errors?.[0];
  const where = error?.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'item';
  return `${where} ${error?.message ?? 'is not valid'}`;
}

/** A machine as the schema guarantees it; only `labels` may be null or absent. */
type CheckedMachine = Omit<Machine, 'labels'> & { labels?: Json[] | null };

/**
 * Takes the parsed object as it is rather than copying it: at 100k machines
 * a copy doubles the garbage a refresh makes. Nothing is added to it either
 * (derived values are computed where used): a field added to an object that
 * JSON.parse made costs it a new property array, which at 100k machines was
 * a third of validating them. `labels` is only replaced when null, or added
 * when absent. Unknown fields stay on the object but nothing reads them:
 * every view lists the spec's fields by name.
 */
export const machineChecker: Checker<Machine> = {
  validate: validateMachine as CompiledValidator,
  build(item) {
    const m = item as CheckedMachine;
    if (!Array.isArray(m.labels)) {
      m.labels = [];
    }
    return m as Machine;
  },
};

type CheckedTemplate = Omit<Template, 'description' | 'image_label'> & { description?: string | null; image_label?: string | null };

/** Nullable fields whose type the spec does not show: absent means null. */
const orNull = (value: Json | undefined): Json => (value === undefined ? null : value);

export const templateChecker: Checker<Template> = {
  validate: validateTemplate as CompiledValidator,
  build(item) {
    const t = item as CheckedTemplate;
    return {
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
    };
  },
};

export function validateMachines(raw: readonly unknown[]): Validated<Machine> {
  return validateItems(raw, machineChecker, (m) => m.node_name);
}
