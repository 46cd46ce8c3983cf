// The JSON Schemas every response item is checked against. They are the
// single statement of what the client relies on; `npm run generate` compiles
// them with Ajv into src/api/validators.generated.ts (plain code, no runtime
// dependency), which is what runs.
//
// Strict about what we rely on, tolerant of the rest: extra fields pass (and
// are dropped when the record is built); the spec's nullable fields accept
// any JSON value or may be absent.

const count = { type: 'integer', minimum: 0 } as const;
const text = { type: 'string' } as const;
/** Not empty, and not only spaces. */
const identifier = { type: 'string', pattern: '\\S' } as const;

/** Every field of a machine, in the spec's order (MACHINE_FIELDS); every one but `labels` is required. */
const machineProperties = {
  /** Decimal number carried as a string; kept exactly as sent for display. */
  price: { type: 'string', pattern: '^\\s*\\d+(\\.\\d+)?\\s*$' },
  labels: { type: ['array', 'null'] },
  /** Machine identifier (UUID format); what users copy into scripts. */
  node_name: identifier,
  gpu_name: identifier,
  gpu_count: { type: 'integer', minimum: 1 },
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
  online_rate: { type: 'number', minimum: 0, maximum: 1 },
  driver_version: text,
  cuda_version: text,
  nvlink_status: { type: 'boolean' },
} as const;

export const machineSchema = {
  $id: 'machine',
  type: 'object',
  required: Object.keys(machineProperties).filter((field) => field !== 'labels'),
  properties: machineProperties,
} as const;

export const templateSchema = {
  $id: 'template',
  type: 'object',
  required: ['name', 'image_name', 'image_tag', 'image_type', 'id'],
  properties: {
    name: text,
    description: { type: ['string', 'null'] },
    image_name: text,
    image_tag: text,
    image_label: { type: ['string', 'null'] },
    image_type: { type: 'integer' },
    id: { type: 'integer', minimum: 0 },
  },
} as const;
