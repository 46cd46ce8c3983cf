// Where the Controller's loads go: the market worker, asked through its
// client (the MarketHost hands it out). The worker owns the API client: it
// fetches, and checks the token, with the service it was configured with; the
// controller reads the listings' state from the MarketHost.
import { ApiError, type ApiErrorKind } from '../../api/errors';
import type { ListingState, WireError, Which } from '../../market/protocol';
import type { MarketClient } from '../../market/worker/client';

export interface Loader {
  /** Loads a listing; resolves to the failure. */
  load(which: Which): Promise<ApiError | undefined>;
  /** Sends the service one small request with the token it was configured with; resolves to the failure (undefined: accepted). */
  checkToken(): Promise<ApiError | undefined>;
}

/** What the controller needs of the MarketHost. */
export interface LoadHost {
  readonly loader: Loader;
  /** The listing's state as the last `changed` notification said. */
  state(which: Which): ListingState | undefined;
}

/**
 * The worker's market: it fetches with the service it was configured with
 * (after `configured`: the configuration the controller's change started) and
 * resets itself when that changes.
 */
export function workerLoader(client: () => MarketClient, configured: () => Promise<void>): Loader {
  const ask = async (request: () => Promise<{ error?: WireError }>): Promise<ApiError | undefined> => {
    await configured();
    try {
      const { error } = await request();
      return error && new ApiError(error.kind as ApiErrorKind, error.message);
    } catch (err) {
      return new ApiError('network', err instanceof Error ? err.message : String(err));
    }
  };
  return {
    load: (which) => ask(() => client().request('load', { which })),
    checkToken: () => ask(() => client().request('checkToken', {})),
  };
}
