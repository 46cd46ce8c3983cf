// The data model of the GPU rental service (spec section 2), as the client
// hands it to the rest of the extension after validation.
import { machineSchema } from './schemas';

/** A JSON value as it may appear in a nullable field whose type the spec does not show. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

type MachineProperties = typeof machineSchema.properties;
/** A field's type once checked: `labels`, the one field that is not a string, number or boolean, is always a list. */
type Checked<S> = S extends { type: 'string' } ? string : S extends { type: 'integer' } | { type: 'number' } ? number : S extends { type: 'boolean' } ? boolean : Json[];

/**
 * An available GPU machine (spec 2.2), as the client hands it on: checked
 * against ./schemas.ts, which lists its fields, with `labels` always a list.
 * The object JSON.parse made, nothing added: the price as a number is read
 * from `price` where it is needed (src/model/price.ts).
 */
export type Machine = { -readonly [K in keyof MachineProperties]: Checked<MachineProperties[K]> };

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
export const MACHINE_FIELDS = Object.keys(machineSchema.properties) as readonly (keyof Machine)[];

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
