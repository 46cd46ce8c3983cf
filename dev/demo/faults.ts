// The faults the demo API can inject, and how the control surface
// (/__demo/fault?...) names them. Plain TypeScript, no dependencies.

export type Endpoint = 'machines' | 'images';

export type Fault =
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  | { kind: 'delay'; ms: number }
  | { kind: 'hang' }
  | { kind: 'body'; body: string; contentType?: string; status?: number }
  | { kind: 'reset' }
  /** The answer's first `afterBytes` bytes, then a pause of `ms` (without one, until releaseStalled()), then the rest: a slow network. */
  | { kind: 'stall'; afterBytes: number; ms?: number }
  | { kind: 'repeatPage' }
  | { kind: 'items'; items: unknown[] };

/** endpoint undefined = both; times undefined = until cleared, else the next N matching requests. */
export interface FaultRule {
  endpoint?: Endpoint;
  times?: number;
  fault: Fault;
}

/** A rule from the query of /__demo/fault, or what is wrong with it. */
export function parseControlFault(q: URLSearchParams): FaultRule | string {
  const endpoint = q.get('endpoint') ?? undefined;
  if (endpoint !== undefined && endpoint !== 'machines' && endpoint !== 'images') return 'endpoint must be machines or images';
  const int = (name: string): number | undefined | string => {
    const raw = q.get(name);
    if (raw === null) return undefined;
    return /^\d+$/.test(raw) ? Number(raw) : `${name} must be a non-negative integer`;
  };
  const times = int('times');
  const status = int('status');
  const delay = int('delay');
  const retryAfter = int('retryAfter');
  const stall = int('stall');
  const stallAfter = int('stallAfter');
  for (const v of [times, status, delay, retryAfter, stall, stallAfter]) if (typeof v === 'string') return v;
  const body = q.get('body');
  const kind = q.get('kind');

  let fault: Fault;
  if (kind === 'hang' || kind === 'reset' || kind === 'repeatPage') fault = { kind };
  else if (kind !== null) return 'kind must be hang, reset or repeatPage';
  else if (typeof delay === 'number') fault = { kind: 'delay', ms: delay };
  else if (typeof stall === 'number') fault = { kind: 'stall', ms: stall, afterBytes: (stallAfter as number | undefined) ?? 0 };
  else if (body !== null)
    fault = { kind: 'body', body, contentType: q.get('contentType') ?? undefined, status: status as number | undefined };
  else if (typeof status === 'number')
    fault = { kind: 'status', status, headers: typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : undefined };
  else return 'give one of status, delay, stall, body or kind';
  if (fault.kind === 'status' || fault.kind === 'body') {
    const s = fault.status;
    if (s !== undefined && (s < 100 || s > 599)) return 'status must be 100-599';
  }
  return { endpoint: endpoint as Endpoint | undefined, times: times as number | undefined, fault };
}
