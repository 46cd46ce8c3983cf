// What the watch tests list: machines of a GPU model that no demo machine has,
// so a watch for `gpu=h100_watch` matches only the machines a test adds.
import type { Machine } from '../../src/api/types';
import { DEMO_MACHINES } from '../../dev/demo/fixtures';

/** A machine of the watched model (H100_WATCH) with the node ID, price and GPU count given. */
export function watchedH100(id: string, price: string, gpus = 8): Machine {
  return { ...DEMO_MACHINES[0], node_name: id, gpu_name: 'H100_WATCH', gpu_count: gpus, price };
}
