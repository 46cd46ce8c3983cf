// One listing (machines or templates) as the views see it: the last good
// items, when they were fetched, and what went wrong since. A failed load
// keeps the last good items; a newer load supersedes an older one.
import * as vscode from 'vscode';
import { ApiError } from '../api/errors';
import type { Listing } from '../api/client';
import { statusMessage } from '../model/status';

export interface Loaded<T> extends Listing<T> {
  incomplete?: string;
}

export class Resource<T> implements vscode.Disposable {
  items: T[] | undefined;
  fetchedAt: Date | undefined;
  skipped = 0;
  incomplete: string | undefined;
  error: ApiError | undefined;
  loading = false;
  /** What the user should know while loading (a retry, a rate limit); cleared when the load ends. */
  progress: string | undefined;
  /** Set once a view has asked for the data: nothing is fetched before that. */
  requested = false;

  private inFlight: AbortController | undefined;
  private inFlightPromise: Promise<ApiError | undefined> | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(readonly noun: string) {}

  /** The in-flight load, if any, so callers can wait for data without starting another. */
  get pending(): Promise<ApiError | undefined> | undefined {
    return this.inFlightPromise;
  }

  /**
   * Loads fresh data, cancelling any load in flight. Resolves to the error
   * that the user should hear about (undefined on success or when superseded).
   */
  load(fetch: (signal: AbortSignal) => Promise<Loaded<T>>): Promise<ApiError | undefined> {
    this.inFlight?.abort();
    const controller = new AbortController();
    this.inFlight = controller;
    this.requested = true;
    this.loading = true;
    this.changed.fire();
    const promise = this.run(fetch, controller);
    this.inFlightPromise = promise;
    return promise;
  }

  private async run(fetch: (signal: AbortSignal) => Promise<Loaded<T>>, controller: AbortController): Promise<ApiError | undefined> {
    const current = () => this.inFlight === controller;
    try {
      const result = await fetch(controller.signal);
      if (!current()) {
        return undefined;
      }
      this.items = result.items;
      this.skipped = result.skipped;
      this.incomplete = result.incomplete;
      this.fetchedAt = new Date();
      this.error = undefined;
      return undefined;
    } catch (err) {
      if (!current() || (err instanceof ApiError && err.kind === 'cancelled')) {
        return undefined;
      }
      this.error = err instanceof ApiError ? err : new ApiError('network', `Loading the ${this.noun}s failed unexpectedly; see the log.`);
      return this.error;
    } finally {
      if (current()) {
        this.loading = false;
        this.progress = undefined;
        this.inFlight = undefined;
        this.inFlightPromise = undefined;
        this.changed.fire();
      }
    }
  }

  /** Shows a note while the current load goes on. */
  setProgress(text: string | undefined): void {
    if (this.loading) {
      this.progress = text;
      this.changed.fire();
    }
  }

  /** Forgets everything (the token was cleared or the service changed). */
  reset(): void {
    this.cancel();
    this.items = undefined;
    this.fetchedAt = undefined;
    this.skipped = 0;
    this.incomplete = undefined;
    this.error = undefined;
    this.loading = false;
    this.changed.fire();
  }

  cancel(): void {
    this.inFlight?.abort();
    this.inFlight = undefined;
    this.inFlightPromise = undefined;
  }

  get message(): string | undefined {
    return statusMessage({
      noun: this.noun,
      count: this.items?.length,
      fetchedAt: this.fetchedAt,
      errorMessage: this.error?.message,
      skipped: this.skipped,
      incomplete: this.incomplete,
      progress: this.progress,
    });
  }

  get stale(): boolean {
    return this.items !== undefined && this.error !== undefined;
  }

  dispose(): void {
    this.cancel();
    this.changed.dispose();
  }
}
