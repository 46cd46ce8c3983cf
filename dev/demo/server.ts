// A local implementation of the two listing endpoints (spec 4.1, 4.2) with
// injectable faults. Plain node:http and no dependencies, because it also runs
// inside the VS Code extension host during integration tests.

import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { DEMO_MACHINES, DEMO_TEMPLATES, DEMO_TOKEN } from './fixtures';
import { parseControlFault, type Endpoint, type Fault, type FaultRule } from './faults';
import { DemoMarket, MARKET_HELP, marketControl, type MarketOptions } from './marketControl';

export type { Endpoint, Fault, FaultRule } from './faults';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  /** When it arrived (epoch ms). */
  at: number;
}

export interface DemoServer {
  /** e.g. 'http://127.0.0.1:43211' (no trailing slash, includes the prefix): what users set as gpuRental.baseUrl. */
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  setFault(rule: FaultRule | undefined): void;
  addFault(rule: FaultRule): void;
  clearFaults(): void;
  setData(data: { machines?: unknown[]; templates?: unknown[] }): void;
  /** Sends the rest of every answer a stall without a pause holds back. */
  releaseStalled(): void;
  /** Clears faults and recorded requests and restores the start data; the market keeps its state and timer. */
  reset(): void;
  /** The simulated market: ticking on its own when started with `market`, else only on tick(). */
  readonly market: DemoMarket;
  close(): Promise<void>;
}

export interface DemoServerOptions {
  port?: number;
  host?: string;
  token?: string;
  machines?: unknown[];
  templates?: unknown[];
  prefix?: string;
  log?: (line: string) => void;
  /** Run the simulated market: machines appear, go and change price every intervalMs. */
  market?: MarketOptions;
}

const ROUTES: Record<string, Endpoint> = {
  '/v1/rentgpu/machines': 'machines',
  '/v1/rentgpu/images': 'images',
};

const CONTROL_PREFIX = '/__demo';

const CONTROL_HELP = `GPU Rental demo API: fault injection (no auth, local only)

GET /__demo/fault?[endpoint=machines|images]&[times=N]&<fault>
  <fault> is one of:
    status=500[&body=...][&retryAfter=5]   error status (429 + retryAfter sets Retry-After)
    delay=2000                             respond normally after 2000 ms
    kind=hang                              never respond
    kind=reset                             send part of the body, then drop the connection
    stall=3000&stallAfter=600000           send the first 600000 bytes, pause 3000 ms, send the rest
    kind=repeatPage                        images: ignore marker, always return the first page
    body=...[&contentType=text/html][&status=200]   raw body (e.g. malformed JSON)
GET /__demo/reset                          clear faults, restore data, clear recorded requests
${MARKET_HELP}`;

interface ActiveRule {
  endpoint: Endpoint | undefined;
  /** undefined = until cleared. */
  remaining: number | undefined;
  fault: Fault;
}

type Reply = { status: number; body: string; headers?: Record<string, string> };

function json(status: number, value: unknown): Reply {
  return { status, body: JSON.stringify(value) };
}

function send(res: http.ServerResponse, reply: Reply, contentType = 'application/json'): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(reply.status, {
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(reply.body)),
    ...reply.headers,
  });
  res.end(reply.body);
}

/** A non-negative decimal integer, or undefined when absent; NaN marks an invalid value. */
function queryInt(query: Record<string, string>, name: string): number | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  return /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
}

function idOf(item: unknown): unknown {
  return typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
}

/**
 * One page of templates. The data is served in the order given (fixtures are sorted
 * by id); `marker` keeps items whose numeric id is greater, so raw test data with
 * missing or odd ids only ever shows up on the first page.
 */
function imagesPage(items: unknown[], query: Record<string, string>, ignoreMarker: boolean): Reply {
  const limit = queryInt(query, 'limit');
  const marker = ignoreMarker ? undefined : queryInt(query, 'marker');
  if (Number.isNaN(limit)) return json(400, { error: 'invalid limit: expected a non-negative integer' });
  if (Number.isNaN(marker)) return json(400, { error: 'invalid marker: expected a non-negative integer' });
  const after =
    marker === undefined
      ? items
      : items.filter((item) => {
          const id = idOf(item);
          return typeof id === 'number' && id > marker;
        });
  return { status: 200, body: JSON.stringify(limit === undefined ? after : after.slice(0, limit)) };
}

export function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? DEMO_TOKEN;
  const prefix = (options.prefix ?? '').replace(/\/+$/, '');
  const log = options.log;
  const initialMachines = options.machines ?? DEMO_MACHINES;
  const initialTemplates = options.templates ?? DEMO_TEMPLATES;

  let machines: unknown[] = initialMachines;
  let templates: unknown[] = initialTemplates;
  // The 100k-machine benchmark would otherwise spend its time in JSON.stringify.
  let machinesJson: string | undefined;
  let rules: ActiveRule[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const stalled = new Set<() => void>();
  const market = new DemoMarket(
    {
      get: () => machines,
      set: (list) => {
        machines = list;
        machinesJson = undefined;
      },
    },
    options.market,
  );
  if (options.market) market.resume();

  function takeFault(endpoint: Endpoint): Fault | undefined {
    const index = rules.findIndex((r) => r.endpoint === undefined || r.endpoint === endpoint);
    if (index < 0) return undefined;
    const rule = rules[index];
    if (rule.remaining !== undefined) {
      rule.remaining--;
      if (rule.remaining <= 0) rules.splice(index, 1);
    }
    return rule.fault;
  }

  function addRule(rule: FaultRule): void {
    // times: 0 means "never"; keeping it would only shadow later rules.
    if (rule.times !== undefined && rule.times <= 0) return;
    rules.push({ endpoint: rule.endpoint, remaining: rule.times, fault: rule.fault });
  }

  function normalReply(endpoint: Endpoint, query: Record<string, string>, authorization: string | undefined, fault: Fault | undefined): Reply {
    if (authorization !== `Bearer ${token}`) {
      return { ...json(401, { error: 'unauthorized' }), headers: { 'WWW-Authenticate': 'Bearer' } };
    }
    if (endpoint === 'machines') {
      if (fault?.kind === 'items') return json(200, fault.items);
      machinesJson ??= JSON.stringify(machines);
      return { status: 200, body: machinesJson };
    }
    return imagesPage(fault?.kind === 'items' ? fault.items : templates, query, fault?.kind === 'repeatPage');
  }

  /** Runs `then` after `ms`, unless the client gives up first: then there is nothing left to answer. */
  function later(res: http.ServerResponse, ms: number, then: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      then();
    }, ms);
    timers.add(timer);
    res.once('close', () => {
      clearTimeout(timer);
      timers.delete(timer);
    });
  }

  function respond(res: http.ServerResponse, endpoint: Endpoint, query: Record<string, string>, authorization: string | undefined, fault: Fault | undefined): void {
    switch (fault?.kind) {
      case 'status':
        send(res, {
          status: fault.status,
          body: fault.body ?? JSON.stringify({ error: http.STATUS_CODES[fault.status] ?? 'error' }),
          headers: fault.headers,
        });
        return;
      case 'body':
        send(res, { status: fault.status ?? 200, body: fault.body }, fault.contentType ?? 'application/json');
        return;
      case 'hang':
        // Left open on purpose; close() destroys the socket.
        return;
      case 'delay':
        later(res, fault.ms, () => send(res, normalReply(endpoint, query, authorization, undefined)));
        return;
      case 'stall': {
        const reply = normalReply(endpoint, query, authorization, undefined);
        const bytes = Buffer.from(reply.body);
        res.writeHead(reply.status, { 'Content-Type': 'application/json', 'Content-Length': String(bytes.byteLength), ...reply.headers });
        res.write(bytes.subarray(0, fault.afterBytes));
        const rest = () => {
          stalled.delete(rest);
          if (!res.destroyed) res.end(bytes.subarray(fault.afterBytes));
        };
        if (fault.ms === undefined) {
          stalled.add(rest);
          res.once('close', () => stalled.delete(rest));
        } else {
          later(res, fault.ms, rest);
        }
        return;
      }
      case 'reset': {
        const full = normalReply(endpoint, query, `Bearer ${token}`, undefined).body;
        const partial = full.slice(0, Math.max(1, Math.min(512, Math.floor(full.length / 2))));
        // Promise far more than is sent so the client sees a truncated body, not a short one.
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(full) + 1_000_000) });
        res.write(partial, () => res.socket?.destroy());
        return;
      }
      default:
        send(res, normalReply(endpoint, query, authorization, fault));
    }
  }

  function handleControl(path: string, q: URLSearchParams, res: http.ServerResponse): void {
    const text = (status: number, body: string): void => send(res, { status, body }, 'text/plain; charset=utf-8');
    if (path === CONTROL_PREFIX || path === `${CONTROL_PREFIX}/`) return text(200, CONTROL_HELP);
    if (path === `${CONTROL_PREFIX}/reset`) {
      api.reset();
      return text(200, 'reset: faults cleared, data restored\n');
    }
    if (path === `${CONTROL_PREFIX}/market` || path.startsWith(`${CONTROL_PREFIX}/market/`)) {
      const reply = marketControl(market, path.slice(`${CONTROL_PREFIX}/market/`.length), q);
      if (reply) return send(res, reply, reply.contentType);
    }
    if (path === `${CONTROL_PREFIX}/fault`) {
      const rule = parseControlFault(q);
      if (typeof rule === 'string') return text(400, `${rule}\n\n${CONTROL_HELP}`);
      api.setFault(rule);
      return text(200, `fault set: ${JSON.stringify(rule)}\n`);
    }
    text(404, `unknown control path\n\n${CONTROL_HELP}`);
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (log) {
      // Never log headers: the Authorization value is the user's token.
      res.once('close', () => log(`${method} ${path}${url.search} ${res.writableFinished ? res.statusCode : 'aborted'}`));
    }

    // The control surface is deliberately unauthenticated (local demo only). It
    // answers both at the root and under the prefix, so `${server.url}/__demo`
    // always works. It is not an API call, so it is not recorded either.
    const controlPath = prefix && path.startsWith(`${prefix}${CONTROL_PREFIX}`) ? path.slice(prefix.length) : path;
    if (controlPath === CONTROL_PREFIX || controlPath.startsWith(`${CONTROL_PREFIX}/`)) {
      if (method !== 'GET') return send(res, { status: 405, body: 'GET only\n', headers: { Allow: 'GET' } }, 'text/plain; charset=utf-8');
      return handleControl(controlPath, url.searchParams, res);
    }

    const query = Object.fromEntries(url.searchParams);
    const authorization = req.headers.authorization;
    requests.push({ method, path, query, authorization, at: Date.now() });

    const endpoint = path.startsWith(`${prefix}/`) ? ROUTES[path.slice(prefix.length)] : undefined;
    if (endpoint === undefined) return send(res, json(404, { error: 'not found' }));
    if (method !== 'GET') return send(res, { ...json(405, { error: 'method not allowed' }), headers: { Allow: 'GET' } });
    respond(res, endpoint, query, authorization, takeFault(endpoint));
  }

  const server = http.createServer((req, res) => {
    try {
      handle(req, res);
    } catch (err) {
      // A bug here must not take down the extension host running the tests.
      if (!res.headersSent) send(res, json(500, { error: String(err) }));
      else res.destroy();
    }
  });
  // An idle connection stays open longer than any client keeps one (fetch: 4 s), so that a client never
  // reuses one the server is closing: on a busy machine the client's timer runs late, and with Node's
  // default of 5 s here `npm run bench` once ended in ECONNRESET.
  server.keepAliveTimeout = 60_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  let closed: Promise<void> | undefined;
  let url = '';
  let port = 0;

  const api: DemoServer = {
    get url() {
      return url;
    },
    get port() {
      return port;
    },
    requests,
    setFault(rule) {
      rules = [];
      if (rule) addRule(rule);
    },
    addFault(rule) {
      addRule(rule);
    },
    clearFaults() {
      rules = [];
    },
    setData(data) {
      if (data.machines) {
        machines = data.machines;
        machinesJson = undefined;
      }
      if (data.templates) templates = data.templates;
    },
    releaseStalled() {
      for (const rest of [...stalled]) rest();
    },
    reset() {
      rules = [];
      machines = initialMachines;
      machinesJson = undefined;
      templates = initialTemplates;
      // In place, so a test holding `server.requests` sees the reset.
      requests.length = 0;
      market.noteReset();
    },
    market,
    close() {
      closed ??= new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        market.dispose();
        server.close(() => resolve());
        // Hanging and keep-alive connections would otherwise keep close() waiting forever.
        for (const socket of sockets) socket.destroy();
      });
      return closed;
    },
  };

  return new Promise<DemoServer>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      server.on('error', (err) => log?.(`server error: ${err.message}`));
      port = (server.address() as AddressInfo).port;
      url = `http://${host.includes(':') ? `[${host}]` : host}:${port}${prefix}`;
      resolve(api);
    });
  });
}
