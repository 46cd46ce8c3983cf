// One listing (machines or templates) as the market holds it: the last good
// snapshot, the error of the last failed load, and whether a load is under
// way. A failed load keeps the last good snapshot; a newer load supersedes an
// older one, whose answer is then dropped.
import * as l10n from '@vscode/l10n';
import type { ItemList } from '../api/client';
import { ApiError } from '../api/errors';
import type { Noun } from '../model/status';
import { Emitter } from './events';
import { snapshotOf, type Snapshot } from './snapshot';

/** What a fetch hands back: the validated items, what was left out, and why the list may be incomplete. */
export type Fetched<T> = ItemList<T> & { incomplete?: string };

export interface ListingChange<T> {
  /** The snapshot before this change; differs from `after` only when a load succeeded. */
  before: Snapshot<T> | undefined;
  after: Snapshot<T> | undefined;
  /** A first look came in, or went with the load it belonged to. */
  firstLook?: boolean;
}

/** A load: `firstLook` may be told the first items while the rest is still arriving. */
export type Fetch<T> = (signal: AbortSignal, firstLook: (items: T[]) => void) => Promise<Fetched<T>>;

export class Listing<T> {
  private last: Snapshot<T> | undefined;
  private failure: ApiError | undefined;
  private running = false;
  private note: string | undefined;
  private first: Snapshot<T> | undefined;

  private inFlight: AbortController | undefined;
  private readonly changed: Emitter<ListingChange<T>>;
  readonly onDidChange;

  constructor(
    /** What the listing holds: picks the sentences of its messages. */
    readonly noun: Noun,
    private readonly now: () => Date,
    onListenerError: (err: unknown) => void,
  ) {
    this.changed = new Emitter(onListenerError);
    this.onDidChange = this.changed.event;
  }

  /** The last good load. */
  get snapshot(): Snapshot<T> | undefined {
    return this.last;
  }

  /** Why the last load failed; undefined after a good one. */
  get error(): ApiError | undefined {
    return this.failure;
  }

  get loading(): boolean {
    return this.running;
  }

  /** What the user should know while loading (a retry, a rate limit); cleared when the load ends. */
  get progress(): string | undefined {
    return this.note;
  }

  /**
   * The first items of a first load, shown while the rest arrives (nothing
   * else is shown yet). Not a snapshot of the market: no diff, no alerts, and
   * it goes when the load ends, whether or not it succeeds.
   */
  get firstLook(): Snapshot<T> | undefined {
    return this.first;
  }

  /**
   * Loads fresh data, cancelling any load in flight. Resolves to the error
   * that the user should hear about (undefined on success or when superseded).
   */
  load(fetch: Fetch<T>): Promise<ApiError | undefined> {
    this.inFlight?.abort();
    const controller = new AbortController();
    this.inFlight = controller;
    this.running = true;
    this.fire(this.snapshot);
    return this.run(fetch, controller);
  }

  private async run(fetch: Fetch<T>, controller: AbortController): Promise<ApiError | undefined> {
    const current = () => this.inFlight === controller;
    const before = this.snapshot;
    try {
      const result = await fetch(controller.signal, (items) => this.showFirstLook(items, controller));
      if (!current()) {
        return undefined;
      }
      this.last = snapshotOf(result.items, this.now(), result.skipped, result.incomplete);
      this.failure = undefined;
      return undefined;
    } catch (err) {
      if (!current() || (err instanceof ApiError && err.kind === 'cancelled')) {
        return undefined;
      }
      this.failure = err instanceof ApiError ? err : new ApiError('network', this.noun === 'machine' ? l10n.t('Loading the machines failed unexpectedly; see the log.') : l10n.t('Loading the templates failed unexpectedly; see the log.'));
      return this.error;
    } finally {
      if (current()) {
        this.running = false;
        this.note = undefined;
        this.inFlight = undefined;
        this.endFirstLook(before);
      }
    }
  }

  private showFirstLook(items: T[], controller: AbortController): void {
    if (this.inFlight === controller && this.snapshot === undefined && this.firstLook === undefined && items.length > 0) {
      this.first = snapshotOf(items, this.now());
      this.fire(undefined, true);
    }
  }

  /** A load ended or the listing was reset: the first look goes, and listeners hear whether there was one. */
  private endFirstLook(before: Snapshot<T> | undefined): void {
    const had = this.first !== undefined;
    this.first = undefined;
    this.fire(before, had);
  }

  /** Shows a note while the current load goes on. */
  setProgress(text: string | undefined): void {
    if (this.loading) {
      this.note = text;
      this.fire(this.snapshot);
    }
  }

  /** Forgets everything (the token was cleared or the service changed). */
  reset(): void {
    this.cancel();
    const before = this.snapshot;
    this.last = undefined;
    this.failure = undefined;
    this.running = false;
    this.note = undefined;
    this.endFirstLook(before);
  }

  cancel(): void {
    this.inFlight?.abort();
    this.inFlight = undefined;
  }

  private fire(before: Snapshot<T> | undefined, firstLook = false): void {
    this.changed.fire(firstLook ? { before, after: this.snapshot, firstLook } : { before, after: this.snapshot });
  }

  dispose(): void {
    this.cancel();
    this.changed.dispose();
  }
}
