// Fields that hold secrets are never shown, copied or logged. The spec names
// docker_passwd; any other field whose name suggests a secret is treated alike.
import type { Json, Template } from '../api/types';

export const MASK = '••••';

const SECRET_NAME = /passw|secret|token|credential|api[_-]?key|private/i;

export function isSecretField(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** A template as JSON-ready data with every secret field masked (null stays null). */
export function maskedTemplate(template: Template): Record<string, Json> {
  return Object.fromEntries(Object.entries(template).map(([key, value]: [string, Json]) => [key, isSecretField(key) && value !== null ? MASK : value]));
}
