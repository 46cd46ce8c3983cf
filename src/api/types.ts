// The data model of the GPU rental service (spec section 2), as the client
// hands it to the rest of the extension after validation.

/** A JSON value as it may appear in a nullable field whose type the spec does not show. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * An available GPU machine (spec 2.2), as the client hands it on: checked,
 * with `labels` always a list. The object JSON.parse made, nothing added: the
 * price as a number is read from `price` where it is needed (src/model/price.ts).
 */
export interface Machine {
  /** Decimal number carried as a string; kept exactly as sent for display. */
  price: string;
  labels: Json[];
  /** Machine identifier (UUID format); what users copy into scripts. */
  node_name: string;
  gpu_name: string;
  gpu_count: number;
  gpu_memory: number;
  cpu_name: string;
  cpu_count: number;
  cpu_per_gpu: number;
  memory_per_gpu: number;
  memory_total: number;
  disk_per_gpu: number;
  disk_total: number;
  region: string;
  network_upload_speed: number;
  network_download_speed: number;
  up_time: number;
  online_rate: number;
  driver_version: string;
  cuda_version: string;
  nvlink_status: boolean;
}

/** An image template (spec 2.1). */
export interface Template {
  name: string;
  description: string;
  image_name: string;
  image_tag: string;
  image_label: string;
  docker_username: Json;
  docker_passwd: Json;
  docker_registry: Json;
  public_port: Json;
  onstart: Json;
  options: Json;
  image_type: number;
  id: number;
}

/** The machine fields in the order the spec lists them (used for details and tooltips). */
export const MACHINE_FIELDS: readonly (keyof Machine)[] = [
  'price',
  'labels',
  'node_name',
  'gpu_name',
  'gpu_count',
  'gpu_memory',
  'cpu_name',
  'cpu_count',
  'cpu_per_gpu',
  'memory_per_gpu',
  'memory_total',
  'disk_per_gpu',
  'disk_total',
  'region',
  'network_upload_speed',
  'network_download_speed',
  'up_time',
  'online_rate',
  'driver_version',
  'cuda_version',
  'nvlink_status',
];

/** The template fields in spec order. `docker_passwd` is in the data but never shown. */
export const TEMPLATE_FIELDS: readonly (keyof Template)[] = [
  'name',
  'description',
  'image_name',
  'image_tag',
  'image_label',
  'docker_username',
  'docker_passwd',
  'docker_registry',
  'public_port',
  'onstart',
  'options',
  'image_type',
  'id',
];
