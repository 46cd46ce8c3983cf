// The one protocol between the editor and the market worker: JSON-RPC through
// vscode-jsonrpc, plain data only (structured-clone safe) so that any message
// port carries it, and only small answers. Who asks what, and why: docs/architecture.md,
// "Where the work happens".
import type { Machine, Template } from '../api/types';
import type { ArrangedGroup, Arrangement } from '../model/arrange';
import type { ListingFacts, WeekFacts } from '../model/historyText';
import type { NearMiss } from '../model/nearMiss';
import type { MarketSummary } from '../model/query/summary';
import type { OutlookAnswer } from './history/outlookAnswer';
import type { TrendRange } from './history/trends';
import type { TrendsView } from './history/trendsView';
import type { Which } from './market';
import type { TemplateView } from './views';
import type { ToolName } from './tools';
import { NotificationType, RequestType, type CancellationToken } from 'vscode-jsonrpc';

/** Raised when a message changes shape; both sides check it in `hello`. */
export const PROTOCOL_VERSION = 5;

export type { Which, OutlookAnswer };

/** Where the worker fetches from. The token goes to our own worker only, never further. */
export interface ServiceSettings {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  templatePageSize: number;
  retry?: { retries?: number; baseDelayMs?: number; maxDelayMs?: number; maxRetryAfterMs?: number };
}

/** Where the worker keeps the market history of the service, and how (the editor's settings). */
export interface HistorySettings {
  /** The service's database (see src/node/historyLocation.ts). */
  file: string;
  /** Where an older version kept this service's history: imported once. */
  legacyDir?: string;
  /** The service's origin (scheme, host, port). */
  origin: string;
  /** gpuRental.history.days */
  days: number;
  /** gpuRental.history.enabled: record new lists (the history is read either way). */
  enabled: boolean;
}

/** A machine query as the tree asks it: the filter's text (parsed in the worker) and the arrangement. */
export interface MachineAsk {
  filter: string;
  arrangement: Arrangement;
}

/** A group of the Machines tree without its rows. */
export interface GroupSummary extends Pick<ArrangedGroup, 'key' | 'label' | 'size' | 'first' | 'cheapestPerGpu'> {
  /** The GPU models of the group's machines (Show Market Trends from the group's menu). */
  models?: string[];
}

// The Machines tree (issue 24): what its rows show from the market history; a group's tooltip asks
// machineDetails when hovered, so that the summary which draws the first rows reads no history.
/**
 * What a row shows from the market history: how far below its model's 7-day median (NaN when unknown). Its
 * tooltip's line is asked when the row is hovered (machineDetails): worded for a slice of 200 rows, it took
 * 20-40 ms of the worker on every expand.
 */
export interface RowHistory {
  below: number;
}

/** What a listing holds and how its load goes: everything the view messages and status bar read. */
export interface ListingState {
  count: number | undefined;
  fetchedAt: number | undefined;
  loading: boolean;
  errorKind: string | undefined;
  errorMessage: string | undefined;
  status: string | undefined;
  firstLook: number | undefined;
}

export interface MachineSummary {
  total: number;
  matching: number;
  filterText: string;
  /** The filter could not be read: its message (the tree then shows nothing). */
  filterError?: string;
  groups: GroupSummary[];
  /** Served from the last answer while the worker restarts: the data may be out of date. */
  stale?: boolean;
}

/** A watch's figures in a snapshot. */
export interface WatchStats {
  matches: number;
  /** The lowest price per GPU among the matches; undefined without matches. */
  cheapestPerGpu: number | undefined;
}

/** A machine as its details page and the node-ID hover show it. */
export interface MachineDetails {
  /** The machine in the latest list; undefined when the list does not have it. */
  machine: Machine | undefined;
  /** What the market history says (absent without a history): its model's week, its listing (when listed), the lowest price per GPU of its model now. */
  history?: { week: WeekFacts | undefined; listing: ListingFacts | undefined; lowestNow: number };
}

/** A wire error: what failed, said in the user's language, and a kind callers may act on. */
export interface WireError {
  kind: string;
  message: string;
}

/** A request answered with an error: the kind says what (cancelled, restarted, stopped, version, bug, or an ApiError kind). */
export class MarketRequestError extends Error {
  constructor(readonly wire: WireError) {
    super(wire.message);
  }
  get kind(): string {
    return this.wire.kind;
  }
}

/** What the Image Templates tree draws: the templates a filter finds, grouped by image type, with their count instead of the list. */
export interface TemplateViewAnswer extends Omit<TemplateView, 'matching'> {
  matching: number;
  stale?: boolean;
}

/** Every request: its parameters and its result. */
export interface Requests {
  hello: { params: { version: number; language: string | undefined; bundle: Record<string, string> | undefined }; result: { version: number } };
  ping: { params: Record<string, never>; result: Record<string, never> };
  /** A new service (or none: forget everything). */
  configure: { params: { service: ServiceSettings | undefined; history?: HistorySettings }; result: Record<string, never> };
  load: { params: { which: Which }; result: { error?: WireError } };
  /** One small request to the service with the configured token: whether it is accepted (Set API Token says so). */
  checkToken: { params: Record<string, never>; result: { error?: WireError } };
  state: { params: { which: Which }; result: ListingState };
  summary: { params: MachineAsk; result: MachineSummary };
  /** A slice of one group's rows (with what each row shows from the market history, in the same order). */
  rows: { params: MachineAsk & { groupKey: string; start: number; count: number }; result: { machines: Machine[]; history?: RowHistory[]; size: number; stale?: boolean } };
  /** Where a machine sits in the view: its group and index, undefined when the view does not hold it. */
  locate: { params: MachineAsk & { nodeId: string }; result: { groupKey: string; index: number } | undefined };
  machine: { params: { nodeId: string }; result: Machine | undefined };
  tool: { params: { name: ToolName; input: unknown; now: number }; result: string };
  // --- Watches: their news, their figures, and near misses (src/market/worker/watchHandlers.ts) ---
  /** The active watches' queries (canonical text): each new snapshot's `news` says what each newly found. Sent again after a restart. */
  watches: { params: { queries: string[] }; result: Record<string, never> };
  /** Per query: its matches and the lowest price per GPU among them in the current snapshot (cached per snapshot); undefined before a snapshot. */
  watchStats: { params: { queries: string[] }; result: { stats: WatchStats[] | undefined } };
  /** Of the machines an alert is about (node IDs, in the order the news came): how many are still listed, the first of them, and the cheapest per GPU. */
  watchAlert: { params: { nodeIds: string[] }; result: { listed: number; first: Machine | undefined; cheapest: Machine | undefined } };
  /** When a filter finds fewer than NEAR_MISS_BELOW machines, the smallest change to each clause that finds more (cached per snapshot and filter); else none. */
  nearMisses: { params: { filter: string }; result: NearMiss[] };
  // Panels, hover and commands given a node ID (src/market/worker/panelHandlers.ts):
  /** A machine with what its details page says: by node ID; when not listed, the facts of `gpuName` (its last known model) alone, or undefined without one. */
  machineDetails: { params: { nodeId: string; gpuName?: string }; result: MachineDetails | undefined };
  /** One template by id, undefined when the list does not have it. */
  template: { params: { id: number }; result: Template | undefined };
  // The market history (recorded where the market loads).
  /** What the trends panel draws of a range and some models: lines thinned to `columns`, table rows; the samples only for the CSV export. */
  'history.trends': { params: { range: TrendRange; models: string[]; columns: number; samples?: boolean }; result: TrendsView };
  /** Deletes the service's history (every window's); false when another window holds its lock. */
  'history.clear': { params: Record<string, never>; result: { cleared: boolean } };
  /**
   * Rent now or wait (issue 36): the outlook of a filter's text over the `days`
   * (1–30, default 30) before the history's latest list: supply, price and
   * waiting (src/model/outlook.ts; words in src/model/outlookText.ts); or the
   * filter's parse error, or `off` without a history.
   */
  outlook: { params: { query: string; days?: number }; result: OutlookAnswer };
  /**
   * A person is about to ask for an outlook (the filter box opened): the market starts reading what the outlook
   * reads, so that the first answer does not wait for it. `reading`: a read goes on (false: ready, or no history).
   */
  'outlook.prepare': { params: Record<string, never>; result: { reading: boolean } };
  // Commands (quick picks, the filter box's suggestions): src/market/worker/pickHandlers.ts
  /** The shown machines (the view's order) whose quick pick label, description or node ID match the typed text (VS Code's fuzzy match, loosely): the first `limit`, and how many match. */
  pick: { params: MachineAsk & { text: string; limit: number }; result: { machines: Machine[]; total: number } };
  /** The node IDs given that the view shows, in its order (the others left out). */
  order: { params: MachineAsk & { nodeIds: string[] }; result: string[] };
  /** The values of each field in the snapshot, with counts: the filter box's suggestions (one answer per snapshot). */
  facets: { params: Record<string, never>; result: MarketSummary };
  /** How many machines of the snapshot a filter text matches (the filter box's title as the person types). */
  count: { params: { filter: string }; result: { matching: number; total: number } };
  // --- Templates: the Image Templates tree and its quick picks (src/market/worker/templateHandlers.ts) ---
  /** The templates a text filter finds, grouped by image type (templates are few: one answer holds them all). */
  templateView: { params: { filter: string }; result: TemplateViewAnswer };
}

export type Method = keyof Requests;
export type Params<M extends Method> = Requests[M]['params'];
export type Result<M extends Method> = Requests[M]['result'];
/** Every handler of the market's server (src/market/worker/*Handlers.ts); the long ones stop when the token is cancelled. */
export type Handlers<M extends Method = Method> = { [K in M]: (params: Params<K>, token: CancellationToken) => Promise<Result<K>> };

/** What the worker tells without being asked. */
export interface Notifications {
  /** A listing changed: a load started or ended, a progress note, a new snapshot (with the sizes of its diff). */
  changed: { which: Which; state: ListingState; diff?: { appeared: number; disappeared: number; changed: number; initial: boolean }; firstLook?: boolean };
  // --- Watches ---
  /**
   * After each new machine snapshot (right after its `changed`): what is news,
   * by node ID (never machines): what appeared and went away, and per active
   * watch (as `watches` last said) what newly matches it. Nothing is news in
   * the first snapshot of a service.
   */
  news: { initial: boolean; appeared: string[]; disappeared: string[]; watches: { query: string; found: string[] }[] };
  /** The market history's answers may have changed (a list recorded, the history cleared or another opened): its version. */
  history: { version: number };
  /** A line for the extension's log (already without the token: the client redacts). */
  log: { level: 'debug' | 'info' | 'warn' | 'error'; text: string };
}

export type NotificationName = keyof Notifications;

/** The error of a request cancelled by the asker (a query superseded by the next keystroke). */
export const CANCELLED = 'cancelled';

/** The error of a market that speaks another version of this protocol. */
export const VERSION_MISMATCH = 'version';

/** What either side answers when the other speaks another version: never a hang. */
export function versionMismatch(theirs: number): WireError {
  return { kind: VERSION_MISMATCH, message: `The market worker and the extension speak different protocol versions (${theirs} and ${PROTOCOL_VERSION}): reload the window, or reinstall the extension.` };
}

// Every method and notification, once: a missing or unknown name does not compile.
const METHODS: Record<Method, true> = { hello: true, ping: true, configure: true, load: true, checkToken: true, state: true, summary: true, rows: true, locate: true, machine: true, tool: true, watches: true, watchStats: true, watchAlert: true, nearMisses: true, machineDetails: true, template: true, 'history.trends': true, 'history.clear': true, outlook: true, 'outlook.prepare': true, pick: true, order: true, facets: true, count: true, templateView: true };
const NOTIFICATION_NAMES: Record<NotificationName, true> = { changed: true, news: true, history: true, log: true };

/** Each request as vscode-jsonrpc types it (its parameters, result and error data), by name. */
export const REQUESTS = Object.fromEntries(Object.keys(METHODS).map((m) => [m, new RequestType(m)])) as { [M in Method]: RequestType<Params<M>, Result<M>, WireError> };

/** Each notification as vscode-jsonrpc types it, by name. */
export const NOTIFICATIONS = Object.fromEntries(Object.keys(NOTIFICATION_NAMES).map((n) => [n, new NotificationType(n)])) as { [N in NotificationName]: NotificationType<Notifications[N]> };
