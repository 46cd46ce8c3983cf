// The HTTP client for the two listing endpoints. Plain TypeScript: it must
// never import `vscode`, so it can be tested in Node against a real server.
import * as l10n from '@vscode/l10n';
import { endpointUrl } from './baseUrl';
import type { ArrayProblem } from './arrayItems';
import { ApiError, bodyProblemError, resourceName, statusText, type Resource } from './errors';
import { earlyLook, readCapped, releaseBody } from './readBody';
import { LastBody } from './reread';
import { machineChecker, templateChecker, validateItems, validateMachines, type Validated } from './schema';
import type { Machine, Template } from './types';
import { AttemptClock, backoff, DEFAULT_RETRY, parseRetryAfter, sleep, type RetryPolicy } from './retry';
import { reasonCode, transportError } from './transport';

export { DEFAULT_RETRY, parseRetryAfter, type RetryPolicy } from './retry';

/** The subset of a LogOutputChannel the client writes to. */
export type Logger = Record<'debug' | 'info' | 'warn' | 'error', (message: string) => void>;

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

export interface RetryNotice {
  resource: 'machines' | 'images';
  attempt: number;
  of: number;
  delayMs: number;
  /** The server asked us to slow down (429, or a Retry-After header). */
  rateLimited: boolean;
  reason: string;
}

/** Bodies larger than this are refused rather than parsed (50k machines are about 25 MB). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Statuses worth asking again for: the request is an idempotent GET. */
const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

export interface ClientOptions {
  baseUrl: URL;
  token: string;
  timeoutMs: number;
  log?: Logger;
  retry?: Partial<RetryPolicy>;
  /** Told before each wait between attempts, e.g. to say "rate limited, retrying in 5 s". */
  onRetry?: (notice: RetryNotice) => void;
  maxBodyBytes?: number;
  /** Paging of templates stops after this many pages: MAX_TEMPLATE_PAGES unless a test asks for fewer. */
  maxTemplatePages?: number;
}

/** One list as the service sent it, checked (`skipped`: malformed or a repeated id): not the market's Listing (src/market/listing.ts), which holds the last good one. */
export type ItemList<T> = Pick<Validated<T>, 'items' | 'skipped'>;

export interface TemplateList extends ItemList<Template> {
  pages: number;
  /** Set when paging stopped for a reason other than reaching the end. */
  incomplete?: string;
}

/** Paging stops here whatever the server does, so a broken server cannot keep us looping. */
export const MAX_TEMPLATE_PAGES = 1000;

/** A successful answer's body, with what its messages name. */
interface Body {
  bytes: Uint8Array;
  contentType: string;
  /** The resource, as messages name it. */
  what: string;
  /** The request, as the log names it. */
  where: string;
}

/** Reads a successful body as it arrives; `what` names the resource in messages, `clock` is the attempt's time limit. */
export type BodyConsumer = (stream: ReadableStream<Uint8Array> | undefined, what: string, clock: AttemptClock) => Promise<void>;

/** How an attempt reads a successful body. */
interface AttemptOptions {
  /** A first look at a large body's first items (./readBody.ts). */
  early?: (items: unknown[]) => void;
  /** Reads the body itself, as it arrives, instead of gathering it. */
  consume?: BodyConsumer;
  /** Asked before a retry: false when what an attempt handed on cannot be taken back. */
  mayRetry?: () => boolean;
}

export class GpuRentalClient {
  private readonly log: Logger;
  private readonly retry: RetryPolicy;
  private readonly maxBodyBytes: number;
  /** The last machines body, so that the next one is read against it. */
  private readonly lastMachines = new LastBody(machineChecker, (m: Machine) => m.node_name, releaseBody);

  constructor(private readonly options: ClientOptions) {
    this.log = options.log ?? silentLogger;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  }

  /** One small request to learn whether the service accepts the token (no retries). */
  async checkToken(signal?: AbortSignal): Promise<void> {
    this.parseArray(await this.attempt('images', { limit: 1 }, signal, {}));
  }

  /**
   * `onFirstItems`, when given, is told the first machines of a large body
   * while the rest is still arriving (./readBody.ts), at most once an attempt.
   */
  async listMachines(signal?: AbortSignal, onFirstItems?: (items: Machine[]) => void): Promise<ItemList<Machine>> {
    const early = onFirstItems && ((raw: unknown[]) => onFirstItems(validateMachines(raw).items));
    const result = await this.getWithRetries('machines', {}, signal, (body) => this.readMachines(body), { early });
    this.reportSkipped('machines', result);
    this.log.info(`Machines: ${result.items.length} loaded${result.skipped ? `, ${result.skipped} skipped` : ''}.`);
    return { items: result.items, skipped: result.skipped };
  }

  /**
   * One GET of the machine list whose body `consume` reads itself as it
   * arrives (./streamMachines.ts), retried as listMachines is while
   * `mayRetry` allows. Kept apart so the extension's bundle, which never
   * streams, does not carry the reader.
   */
  async consumeMachines(consume: BodyConsumer, mayRetry: () => boolean, signal?: AbortSignal): Promise<void> {
    await this.getWithRetries('machines', {}, signal, () => undefined, { consume, mayRetry });
  }

  /**
   * The machines of a body: read against the last body when only part of it
   * changed (./reread.ts), else parsed whole and remembered for next time.
   */
  private readMachines(body: Body): Validated<Machine> {
    const started = performance.now();
    // A web page is an error however it is shaped: the whole parse says so.
    const reread = isHtml(body.contentType) ? undefined : this.lastMachines.reread(body.bytes);
    if (reread) {
      this.log.debug(`${body.where}: ${reread.reused} of ${reread.items.length} machines unchanged, the rest parsed in ${Math.round(performance.now() - started)} ms`);
      return reread;
    }
    const raw = this.parseArray(body);
    const result = validateMachines(raw);
    this.lastMachines.remember(body.bytes, raw, result.items);
    return result;
  }

  /**
   * Fetches every page of templates. The spec does not define `marker`; we send
   * the id of the last item of the previous page and stop at a short or empty
   * page, at a page that brings no new ids, or after MAX_TEMPLATE_PAGES.
   */
  async listTemplates(pageSize: number, signal?: AbortSignal): Promise<TemplateList> {
    const limit = Math.max(1, Math.floor(pageSize));
    const maxPages = this.options.maxTemplatePages ?? MAX_TEMPLATE_PAGES;
    const seen = new Set<number>();
    const items: Template[] = [];
    let skipped = 0;
    let marker: number | undefined;
    let pages = 0;
    let incomplete: string | undefined;
    for (;;) {
      if (pages >= maxPages) {
        incomplete = l10n.t('stopped after {0} pages', maxPages);
        break;
      }
      const raw = await this.getWithRetries('images', { limit, marker }, signal, (body) => this.parseArray(body), {});
      pages++;
      if (raw.length === 0) {
        break;
      }
      const page = validateItems(raw, templateChecker, (t) => t.id, seen);
      items.push(...page.items);
      if (page.duplicates === raw.length) {
        // Every item is one we already have: the server ignored the marker. A
        // page that also holds malformed items is not known to be a repeat; it
        // is skipped and counted, and the marker check below stops a loop.
        incomplete = marker === undefined ? l10n.t('the service repeated page {0} (no marker)', pages - 1) : l10n.t('the service repeated page {0} (marker {1})', pages - 1, marker);
        break;
      }
      skipped += page.skipped;
      this.reportSkipped(`templates page ${pages}`, page);
      if (raw.length < limit) {
        break;
      }
      const next = lastId(raw) ?? page.items.at(-1)?.id;
      if (next === undefined || next === marker) {
        incomplete = l10n.t('page {0} gave no usable marker', pages);
        break;
      }
      marker = next;
    }
    if (incomplete) {
      this.log.warn(`Templates: paging ${incomplete}; showing the ${items.length} templates received.`);
    }
    this.log.info(`Templates: ${items.length} loaded in ${pages} page(s)${skipped ? `, ${skipped} skipped` : ''}.`);
    return { items, skipped, pages, incomplete };
  }

  private reportSkipped(what: string, result: Validated<unknown>): void {
    if (result.skipped > 0) {
      this.log.warn(`${what}: skipped ${result.skipped} item(s): ${result.problems.join('; ')}${result.skipped > result.problems.length ? '; …' : ''}`);
    }
  }

  /**
   * One GET, retried on transient failures, its successful body handed to
   * `read`. Every failure becomes an ApiError.
   */
  private async getWithRetries<R>(resource: Resource, query: Record<string, number | undefined>, signal: AbortSignal | undefined, read: (body: Body) => R, how: AttemptOptions): Promise<R> {
    const policy = this.retry;
    for (let attempt = 0; ; attempt++) {
      try {
        return read(await this.attempt(resource, query, signal, how));
      } catch (err) {
        if (!(err instanceof ApiError) || !err.retryable || attempt >= policy.retries || how.mayRetry?.() === false) {
          throw err;
        }
        const rateLimited = err.status === 429 || err.retryAfterMs !== undefined;
        const delayMs = err.retryAfterMs !== undefined ? Math.min(err.retryAfterMs, policy.maxRetryAfterMs) : backoff(policy, attempt);
        this.log.warn(`${resource}: ${err.status ?? err.kind}; retry ${attempt + 1} of ${policy.retries} in ${delayMs} ms`);
        this.options.onRetry?.({ resource, attempt: attempt + 1, of: policy.retries, delayMs, rateLimited, reason: err.message });
        await sleep(delayMs, signal);
      }
    }
  }

  /** A single request with its own timeout: the body of a 2xx answer (empty when `how.consume` read it), or an ApiError. */
  private async attempt(resource: Resource, query: Record<string, number | undefined>, signal: AbortSignal | undefined, { early, consume }: AttemptOptions): Promise<Body> {
    const url = endpointUrl(this.options.baseUrl, resource, query);
    const target = new URL(url);
    const where = `GET ${target.pathname}${target.search}`;
    const what = resourceName(resource);
    if (signal?.aborted) {
      throw new ApiError('cancelled', l10n.t('The request was cancelled.'));
    }
    // Each attempt gets its own time limit, which stops while a consumer's reader is behind.
    const clock = new AttemptClock(this.options.timeoutMs);
    const started = Date.now();
    let status: number;
    let bytes: Uint8Array;
    let contentType: string;
    let retryAfter: string | null;
    try {
      const response = await fetch(url, {
        method: 'GET',
        headers: { Authorization: `Bearer ${this.options.token}`, Accept: 'application/json' },
        signal: signal ? AbortSignal.any([clock.signal, signal]) : clock.signal,
      });
      status = response.status;
      contentType = response.headers.get('content-type') ?? '';
      retryAfter = response.headers.get('retry-after');
      const declared = Number(response.headers.get('content-length') ?? NaN);
      const stream = response.body ?? undefined;
      if (consume && status >= 200 && status <= 299) {
        if (isHtml(contentType)) {
          await stream?.cancel().catch(() => undefined);
          throw bodyProblemError({ kind: 'html' }, what);
        }
        await consume(stream, what, clock);
        bytes = new Uint8Array(0);
      } else {
        const look = early && status >= 200 && status <= 299 && !isHtml(contentType) ? earlyLook(declared, early) : undefined;
        bytes = await readCapped(stream, declared, this.maxBodyBytes, what, look);
      }
    } catch (err) {
      if (err instanceof ApiError) {
        this.log.error(`${where}: ${err.message}`);
        throw err;
      }
      const error = transportError(err, signal, clock, what, this.options);
      this.log.error(`${where} failed after ${Date.now() - started} ms: ${error.kind} (${reasonCode(err) ?? error.kind})`);
      throw error;
    } finally {
      // The attempt is over: the limit no longer applies.
      clock.pause();
    }
    this.log.debug(`${where} → ${status} in ${Date.now() - started} ms, ${bytes.byteLength} bytes`);
    if (status === 401 || status === 403) {
      this.log.error(`${where} → ${status}: token rejected`);
      throw new ApiError('auth', l10n.t('The service rejected the API token ({0}).', `${status} ${status === 401 ? 'Unauthorized' : 'Forbidden'}`), status);
    }
    if (status < 200 || status > 299) {
      this.log.error(`${where} → ${status}${retryAfter ? ` (Retry-After: ${retryAfter.slice(0, 40)})` : ''}`);
      const text = statusText(status);
      const message =
        status === 429
          ? l10n.t('The service is rate limiting requests (429 Too Many Requests) for the {0}.', what)
          : l10n.t('The service answered {0} when asked for the {1}.', `${status}${text ? ` ${text}` : ''}`, what);
      throw new ApiError('http', message, status, RETRY_STATUSES.has(status), parseRetryAfter(retryAfter));
    }
    return { bytes, contentType, what, where };
  }

  /** A body that must be a JSON array, parsed whole. */
  private parseArray({ bytes, contentType, what, where }: Body): unknown[] {
    const body = new TextDecoder().decode(bytes);
    const trimmed = body.trimStart();
    const failure = (problem: ArrayProblem, logged: string) => {
      this.log.error(`${where}: ${logged}`);
      return bodyProblemError(problem, what);
    };
    if (trimmed === '') throw failure({ kind: 'empty' }, 'empty body');
    if (isHtml(contentType) || trimmed.startsWith('<')) throw failure({ kind: 'html' }, `HTML body (content-type ${contentType || 'none'})`);
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch (err) {
      throw failure({ kind: 'invalid' }, `invalid JSON: ${(err as Error).message.slice(0, 120)}`);
    }
    if (!Array.isArray(data)) throw failure({ kind: 'notArray', sample: data }, `expected a JSON array, got ${jsonKind(data)}`);
    return data;
  }
}

function isHtml(contentType: string): boolean {
  return /html/i.test(contentType);
}

function lastId(raw: readonly unknown[]): number | undefined {
  const last = raw.at(-1);
  const id = last && typeof last === 'object' ? (last as { id?: unknown }).id : undefined;
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
}

function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
