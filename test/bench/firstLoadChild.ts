// One first load in a fresh process, for `npm run bench` (test/bench/refresh.ts runs
// this file once per measurement): a first load pays for memory the process
// never used before, which a benchmark that repeats in one process hides.
// Prints the milliseconds from the request to the checked machines.
import { GpuRentalClient } from '../../src/api/client';
import { DEMO_TOKEN } from '../../dev/demo/fixtures';

async function main(): Promise<void> {
  const [mode, base] = process.argv.slice(2);
  const headers = { Authorization: `Bearer ${DEMO_TOKEN}` };
  const url = `${base}/v1/rentgpu/machines`;
  const t0 = performance.now();
  let count: number;
  if (mode === 'floor') {
    count = (JSON.parse(await (await fetch(url, { headers })).text()) as unknown[]).length;
  } else {
    const client = new GpuRentalClient({ baseUrl: new URL(base), token: DEMO_TOKEN, timeoutMs: 120_000 });
    count = (await client.listMachines()).items.length;
  }
  const ms = performance.now() - t0;
  process.stdout.write(JSON.stringify({ ms, count, rss: process.memoryUsage().rss }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
