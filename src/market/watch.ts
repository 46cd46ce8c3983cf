// Watches: filter queries the user wants to hear about. Pure: reading the
// `gpuRental.watches` setting, deciding which machines are news for a watch
// after a refresh, and when an alert may be shown.
import * as l10n from '@vscode/l10n';
import type { Machine } from '../api/types';
import { compileQuery, isEmptyQuery, parseQuery, printQuery, type MachineHistory, type QueryError } from '../model/query';
import type { MachineDiff } from './diff';

/** One entry of the `gpuRental.watches` setting, as the user (or Settings Sync) wrote it. */
export interface WatchSetting {
  query: string;
  name?: string;
  /** Not polled for, no badge, no alert. */
  paused?: boolean;
  /** false: "Don't show again for this watch": still counted in the badge, never a notification. */
  notify?: boolean;
}

export interface Watch {
  /** Position in the setting: how commands address a watch. */
  index: number;
  setting: WatchSetting;
  /** What the user reads: the name, or the query as written. */
  label: string;
  /** The query as it reads back, canonical. */
  queryText: string;
  matches: (machine: Machine) => boolean;
}

export interface WatchProblem {
  index: number;
  /** The entry's text as written (or a description of the bad value). */
  entry: string;
  error: QueryError;
}

export interface ParsedWatches {
  watches: Watch[];
  /** Entries that cannot be watched: a query that does not parse, or a value of the wrong shape. */
  problems: WatchProblem[];
}

/**
 * Reads the setting, which may hold anything; never throws. `history` answers
 * the fields that read the market history, at each match (give one that
 * lives as long as the watches, such as the HistoryStore).
 */
export function parseWatches(value: unknown, history?: MachineHistory): ParsedWatches {
  const watches: Watch[] = [];
  const problems: WatchProblem[] = [];
  const list = Array.isArray(value) ? value : [];
  list.forEach((raw: unknown, index) => {
    const setting = readSetting(raw);
    if (!setting) {
      problems.push({ index, entry: JSON.stringify(raw)?.slice(0, 80) ?? String(raw), error: { position: 1, message: l10n.t('a watch needs a "query" text') } });
      return;
    }
    const parsed = parseQuery(setting.query);
    if (!parsed.ok) {
      problems.push({ index, entry: setting.query, error: parsed.error });
      return;
    }
    if (isEmptyQuery(parsed.query)) {
      problems.push({ index, entry: setting.query, error: { position: 1, message: l10n.t('an empty query would match every machine') } });
      return;
    }
    const queryText = printQuery(parsed.query);
    watches.push({ index, setting, label: setting.name?.trim() || queryText, queryText, matches: compileQuery(parsed.query, history) });
  });
  return { watches, problems };
}

function readSetting(raw: unknown): WatchSetting | undefined {
  const { query, name, paused, notify } = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  if (typeof query !== 'string') return undefined;
  return {
    query,
    ...(typeof name === 'string' && name.trim() ? { name } : {}),
    ...(paused === true ? { paused: true } : {}),
    ...(notify === false ? { notify: false } : {}),
  };
}

export function isActive(watch: Watch): boolean {
  return watch.setting.paused !== true;
}

/**
 * The machines that match a watch now and did not before this refresh: new
 * machines, and listed ones whose change (a price that dropped, say) brought
 * them into range. Machines that went away are no news. The first snapshot
 * is a baseline: nothing in it is news. Costs the size of the diff, not of
 * the market. A machine that comes into range of a history field without
 * changing itself (its listing grew older, its model's median rose) is no news.
 */
export function newlyMatching(watch: Pick<Watch, 'matches'>, diff: MachineDiff): Machine[] {
  if (diff.initial) {
    return [];
  }
  const cameIntoRange = diff.changed.filter((change) => watch.matches(change.after) && !watch.matches(change.before));
  return [...diff.appeared.filter(watch.matches), ...cameIntoRange.map((change) => change.after)];
}

/** Never more than one notification per watch per this long. */
export const ALERT_QUIET_MS = 5 * 60_000;

/**
 * Decides when a watch may notify. News that arrives during the quiet time
 * is held and told with the next alert, unless those machines are gone by then.
 */
export class AlertGate<T extends { node_name: string } = Machine> {
  private readonly lastShown = new Map<string, number>();
  private readonly held = new Map<string, Map<string, T>>();

  constructor(private readonly quietMs = ALERT_QUIET_MS) {}

  /**
   * Offers this refresh's news for a watch (keyed by its query, which
   * survives renames and reordering); returns what to notify about now, or
   * an empty list. `listed` says whether a held machine is still listed.
   */
  offer(key: string, news: readonly T[], now: number, listed: (nodeId: string) => boolean): T[] {
    let pending = this.held.get(key);
    for (const machine of news) {
      (pending ??= new Map()).set(machine.node_name, machine);
    }
    if (!pending || pending.size === 0) {
      return [];
    }
    const last = this.lastShown.get(key);
    if (last !== undefined && now - last < this.quietMs && now >= last) {
      // Held machines that went away meanwhile will not be told: no need to keep them.
      for (const id of [...pending.keys()]) {
        if (!listed(id)) pending.delete(id);
      }
      this.held.set(key, pending);
      return [];
    }
    this.held.delete(key);
    const due = [...pending.values()].filter((m) => listed(m.node_name));
    if (due.length) {
      this.lastShown.set(key, now);
    }
    return due;
  }

  /** Forgets a watch that was removed or paused. */
  forget(key: string): void {
    this.held.delete(key);
    this.lastShown.delete(key);
  }
}
