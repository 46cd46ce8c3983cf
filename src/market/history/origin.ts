// Which service a history belongs to: its origin (scheme, host, port), never
// a path, a query or credentials. Pure.

/** The service's origin, or undefined for a URL that does not parse. */
export function originOf(baseUrl: string): string | undefined {
  try {
    const origin = new URL(baseUrl).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
