// The fields a query can name: their kinds, the aliases users type, the
// names the printer uses, and which operators each kind accepts. The query
// types live here too, so parse, print and compile share one vocabulary.
import * as l10n from '@vscode/l10n';
import type { Machine } from '../../api/types';

export type Op = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'notin';
export type Value = number | boolean | string;
export type FieldName = keyof Machine | 'price_per_gpu' | 'vram_total' | 'listed_hours' | 'flaps_7d' | 'below_median';

export interface Clause {
  kind: 'compare';
  /** The canonical API field name, or 'price_per_gpu'. */
  field: FieldName;
  op: Op;
  /** One value unless the operator is in/notin. */
  values: Value[];
  /**
   * Only on the word-prefix fields (WORD_PREFIX_FIELDS), and only when a value
   * was quoted: per value, whether it must equal the whole name (quoted)
   * rather than its first words (bare). Absent: every value matches by prefix.
   */
  exact?: boolean[];
}

export interface TextTerm {
  kind: 'text';
  text: string;
}

export interface Query {
  clauses: (Clause | TextTerm)[];
}

export interface QueryError {
  /** 1-based column of the problem. */
  position: number;
  message: string;
}

export type ParseResult = { ok: true; query: Query } | { ok: false; error: QueryError };

export type Kind = 'number' | 'boolean' | 'text' | 'version' | 'labels';

export const FIELD_KINDS: Readonly<Record<FieldName, Kind>> = {
  price: 'number',
  labels: 'labels',
  node_name: 'text',
  gpu_name: 'text',
  gpu_count: 'number',
  gpu_memory: 'number',
  cpu_name: 'text',
  cpu_count: 'number',
  cpu_per_gpu: 'number',
  memory_per_gpu: 'number',
  memory_total: 'number',
  disk_per_gpu: 'number',
  disk_total: 'number',
  region: 'text',
  network_upload_speed: 'number',
  network_download_speed: 'number',
  up_time: 'number',
  online_rate: 'number',
  driver_version: 'version',
  cuda_version: 'version',
  nvlink_status: 'boolean',
  price_per_gpu: 'number',
  vram_total: 'number',
  // From the market history (see src/market/history/store.ts).
  listed_hours: 'number',
  flaps_7d: 'number',
  below_median: 'number',
};

/**
 * Text fields whose bare values match the first words of a name (`gpu=h100`
 * matches H100_SXM5_80GB) and whose quoted values match the whole name. Node
 * IDs and labels are identifiers: always the whole of one.
 */
export const WORD_PREFIX_FIELDS: ReadonlySet<FieldName> = new Set<FieldName>(['gpu_name', 'region', 'cpu_name']);

/** Short names users type, and what the view prints back. */
export const FIELD_ALIASES: Readonly<Record<string, FieldName>> = {
  gpu: 'gpu_name',
  gpus: 'gpu_count',
  vram: 'gpu_memory',
  price: 'price',
  price_per_gpu: 'price_per_gpu',
  region: 'region',
  cuda: 'cuda_version',
  driver: 'driver_version',
  online: 'online_rate',
  nvlink: 'nvlink_status',
  cpus: 'cpu_count',
  ram: 'memory_total',
  disk: 'disk_total',
  up: 'network_upload_speed',
  down: 'network_download_speed',
};

const FIELD_NAMES = Object.keys(FIELD_KINDS) as FieldName[];

/** Every name a field may be typed as, lower case: aliases first so suggestions prefer them. */
export const NAME_TO_FIELD: ReadonlyMap<string, FieldName> = new Map<string, FieldName>([
  ...(Object.entries(FIELD_ALIASES) as [string, FieldName][]),
  ...FIELD_NAMES.map((f): [string, FieldName] => [f, f]),
]);

export const PRINT_NAME = new Map<FieldName, string>(FIELD_NAMES.map((f) => [f, f]));
for (const [alias, field] of [...Object.entries(FIELD_ALIASES)].reverse()) {
  PRINT_NAME.set(field, alias);
}

/** The kind of a field in messages: "operator '<' does not apply to text field 'gpu'". */
export function kindWord(kind: Kind): string {
  // Each comment is written out: the string export reads literals only.
  switch (kind) {
    case 'number':
      return l10n.t({ message: 'number', comment: ['The kind of a filter field, as in "operator \'=\' does not apply to number field \'gpus\'".'] });
    case 'boolean':
      return l10n.t({ message: 'yes/no', comment: ['The kind of a filter field that is true or false, as in "operator \'<\' does not apply to yes/no field \'nvlink\'".'] });
    case 'text':
      return l10n.t({ message: 'text', comment: ['The kind of a filter field, as in "operator \'<\' does not apply to text field \'gpu\'".'] });
    case 'version':
      return l10n.t({ message: 'version', comment: ['The kind of a filter field (CUDA or driver version), as in the list of fields "cuda (version)".'] });
    case 'labels':
      return l10n.t({ message: 'label', comment: ['The kind of a filter field, as in "operator \'<\' does not apply to label field \'labels\'".'] });
  }
}

const ALL_OPS: readonly Op[] = ['=', '!=', '<', '<=', '>', '>=', 'in', 'notin'];
const EQUALITY_OPS: readonly Op[] = ['=', '!=', 'in', 'notin'];
export const OPS_BY_KIND: Readonly<Record<Kind, readonly Op[]>> = {
  number: ALL_OPS,
  version: ALL_OPS,
  boolean: EQUALITY_OPS,
  text: EQUALITY_OPS,
  labels: EQUALITY_OPS,
};

/** The field a word names, if any. Only ASCII letters, underscores and (after the first) digits qualify, so no Unicode case folding surprises. */
export function lookupField(word: string): FieldName | undefined {
  return /^[A-Za-z_][A-Za-z0-9_]{0,31}$/.test(word) ? NAME_TO_FIELD.get(word.toLowerCase()) : undefined;
}
