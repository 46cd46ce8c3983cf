// A first load and seven refreshes in a fresh process, for `npm run bench`
// (test/bench/refresh.ts runs this file once per count and mode): the
// client with the last body read against (`with`), or with that turned off
// (`without`), each refresh one machine fewer. Prints the median refresh
// (client, market with its diff), the peak RSS, and the heap and array
// buffers still held after the last refresh and a collection. Forked: the
// parent, which serves the list, is told 'next' and answers once the list
// has changed.
import { setTimeout as wait } from 'node:timers/promises';
import { GpuRentalClient } from '../../src/api/client';
import { DEMO_TOKEN } from '../../dev/demo/fixtures';
import { Market } from '../../src/market/market';

function next(): Promise<void> {
  return new Promise((resolve) => {
    process.once('message', () => resolve());
    process.send?.('next');
  });
}

async function main(): Promise<void> {
  const [mode, base] = process.argv.slice(2);
  const client = new GpuRentalClient({ baseUrl: new URL(base), token: DEMO_TOKEN, timeoutMs: 120_000 });
  if (mode === 'without') {
    const last = (client as unknown as { lastMachines: { reread: () => undefined; remember: () => void } }).lastMachines;
    last.reread = () => undefined;
    last.remember = () => undefined;
  }
  const market = new Market();
  await market.loadMachines((signal) => client.listMachines(signal));
  // The fingerprints of a first load are taken 2 s after it, not in the next refresh.
  await wait(2500);
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    await next();
    const t0 = performance.now();
    await market.loadMachines((signal) => client.listMachines(signal));
    times.push(performance.now() - t0);
  }
  const ms = [...times].sort((a, b) => a - b)[3];
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  process.send?.(JSON.stringify({ ms, maxRss: process.resourceUsage().maxRSS * 1024, heapUsed, arrayBuffers, count: market.machines.snapshot?.items.length }));
  market.dispose();
  process.disconnect?.();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
