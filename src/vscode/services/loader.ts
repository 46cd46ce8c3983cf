// Where the Controller's loads go: the seam between it and wherever the
// market runs. The MarketHost hands out the loader of the mode it runs in:
// the editor's own market in this thread (by default; deleted when the market
// moves into the worker for good), or the worker's, asked through its client.
// Either way the controller reads the listings' state from the MarketHost.
import type { GpuRentalClient, RetryNotice } from '../../api/client';
import { ApiError, type ApiErrorKind } from '../../api/errors';
import type { Market } from '../../market/market';
import type { ListingState, Which } from '../../market/protocol';
import { retryNote } from '../../market/retryNote';
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

/** The editor's own market, loaded in this thread with the controller's client. */
export function marketLoader(market: Market): Loader {
  return {
    load: (which, client, pageSize) =>
      which === 'machines'
        ? // A first look is worth its parse only when nothing is shown yet.
          market.loadMachines((signal, firstLook) => client.listMachines(signal, market.machines.snapshot ? undefined : firstLook))
        : market.loadTemplates((signal) => client.listTemplates(pageSize, signal)),
    reset: () => market.reset(),
    retried: (notice) => market.listing(notice.resource === 'machines' ? 'machines' : 'templates').setProgress(retryNote(notice)),
  };
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
