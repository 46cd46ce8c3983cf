// The API client under test, and the servers and checks its tests share.
import * as assert from 'node:assert/strict';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import { GpuRentalClient, type Logger, type RetryNotice, type RetryPolicy } from '../../src/api/client';
import { checkBaseUrl } from '../../src/api/baseUrl';
import { ApiError } from '../../src/api/errors';

/** The token the tests use: easy to search for, it must never show up in a message or the log. */
export const SECRET = 'tok-SECRET-9f3a7c';

export class MemoryLog implements Logger {
  lines: string[] = [];
  debug(m: string) { this.lines.push(`debug ${m}`); }
  info(m: string) { this.lines.push(`info ${m}`); }
  warn(m: string) { this.lines.push(`warn ${m}`); }
  error(m: string) { this.lines.push(`error ${m}`); }
}

export interface TestClientOptions {
  token?: string;
  timeoutMs?: number;
  log?: Logger;
  base?: string;
  retry?: Partial<RetryPolicy>;
  onRetry?: (notice: RetryNotice) => void;
  maxBodyBytes?: number;
  maxTemplatePages?: number;
}

/** A client on the given server; no retries unless a test asks for them. */
export function client(server: { url: string }, options: TestClientOptions = {}): GpuRentalClient {
  const check = checkBaseUrl(options.base ?? server.url);
  assert.ok(check.ok);
  return new GpuRentalClient({
    baseUrl: check.url,
    token: options.token ?? SECRET,
    timeoutMs: options.timeoutMs ?? 5000,
    log: options.log,
    retry: options.retry ?? { retries: 0 },
    onRetry: options.onRetry,
    maxBodyBytes: options.maxBodyBytes,
    maxTemplatePages: options.maxTemplatePages,
  });
}

/** The ApiError of the kind (and message) expected; never one that quotes the token. */
export async function rejects(promise: Promise<unknown>, kind: ApiError['kind'], pattern?: RegExp): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ApiError, `expected ApiError, got ${String(err)}`);
    assert.equal(err.kind, kind, err.message);
    if (pattern) assert.match(err.message, pattern);
    assert.ok(!err.message.includes(SECRET), 'the token must not appear in an error message');
    return err;
  }
  assert.fail('expected the promise to reject');
}

/** An HTTP server on 127.0.0.1 with the given handler, for answers the demo server cannot give. */
export async function startServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port on 127.0.0.1 that nothing listens on. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
