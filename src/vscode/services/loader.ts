// Where the Controller's loads go: the market worker, asked through its
// client (the MarketHost hands it out). The controller reads the listings'
// state from the MarketHost.
import type { GpuRentalClient, RetryNotice } from '../../api/client';
import { ApiError, type ApiErrorKind } from '../../api/errors';
import type { ListingState, Which } from '../../market/protocol';
import type { MarketClient } from '../../market/worker/client';

export interface Loader {
  /** Loads a listing with the controller's client (the in-thread market) or the worker's own; resolves to the failure. */
  load(which: Which, client: GpuRentalClient, templatePageSize: number): Promise<ApiError | undefined>;
  /** Forgets what was loaded: another service or token. */
  reset(): void;
  /** A request of the controller's client is retried: the note its view shows. */
  retried(notice: RetryNotice): void;
}

/** What the controller needs of the MarketHost. */
export interface LoadHost {
  readonly loader: Loader;
  /** The listing's state as the last `changed` notification said. */
  state(which: Which): ListingState | undefined;
}

/**
 * The worker's market: it fetches with the service it was configured with
 * (after `configured`: the configuration the controller's change started),
 * resets itself when that changes, and tells its own retry notes.
 */
export function workerLoader(client: () => MarketClient, configured: () => Promise<void>): Loader {
  return {
    load: async (which) => {
      await configured();
      try {
        const { error } = await client().request('load', { which });
        return error && new ApiError(error.kind as ApiErrorKind, error.message);
      } catch (err) {
        return new ApiError('network', err instanceof Error ? err.message : String(err));
      }
    },
    reset: () => undefined,
    retried: () => undefined,
  };
}
