import * as assert from 'node:assert/strict';
import type { Machine } from '../../../../src/api/types';
import { validateMachines } from '../../../../src/api/schema';
import { DEMO_MACHINES, DEMO_TOKEN, generateMachines, mulberry32 } from '../../../../dev/demo/fixtures';
import { MIN_LISTED, marketTick } from '../../../../dev/demo/market';
import type { MarketLogEntry } from '../../../../dev/demo/marketControl';
import { parseArgs } from '../../../../dev/demo/main';
import { startDemoServer, type DemoServer } from '../../../../dev/demo/server';

const AUTH = { Authorization: `Bearer ${DEMO_TOKEN}` };

/** Runs the pure simulation for `ticks` steps from `start`. */
function simulate(start: readonly unknown[], seed: number, ticks: number): { list: unknown[]; steps: ReturnType<typeof marketTick>[] } {
  const rng = mulberry32(seed);
  let list = start.slice();
  const steps = [];
  for (let t = 1; t <= ticks; t++) {
    const step = marketTick(list, rng, t);
    steps.push(step);
    list = step.machines;
  }
  return { list, steps };
}

function assertValidMarket(list: readonly unknown[]): void {
  // The validator adds derived fields: give it copies.
  const checked = validateMachines(structuredClone(list));
  assert.equal(checked.skipped, 0, checked.problems.join('; '));
  const ids = (list as Machine[]).map((m) => m.node_name);
  assert.equal(new Set(ids).size, ids.length, 'node IDs are unique');
  for (const m of list as Machine[]) {
    assert.equal(typeof m.price, 'string');
    assert.match(m.price, /^\d+\.\d{2,3}$/);
    assert.ok(Number(m.price) > 0, `price ${m.price}`);
  }
}

describe('demo market simulation', () => {
  it('tells the same story for the same seed and another for another seed', () => {
    const a = simulate(DEMO_MACHINES, 7, 50);
    const b = simulate(DEMO_MACHINES, 7, 50);
    const c = simulate(DEMO_MACHINES, 8, 50);
    assert.deepEqual(a, b);
    assert.notDeepEqual(a.steps.map((s) => s.appeared), c.steps.map((s) => s.appeared));
  });

  it('keeps the list valid, prices positive strings and node IDs unique over 2,000 ticks', () => {
    const { list, steps } = simulate(generateMachines(40, 3), 11, 2000);
    assertValidMarket(list);
    // Every machine as it appeared, the ones that went again too.
    const born = steps.flatMap((s) => s.appeared.map((id) => (s.machines as Machine[]).find((m) => m.node_name === id)));
    assert.ok(born.every((m) => m !== undefined));
    assertValidMarket(born);
    const appeared = steps.flatMap((s) => s.appeared);
    assert.equal(new Set(appeared).size, appeared.length, 'no node ID appears twice');
    const start = new Set(generateMachines(40, 3).map((m) => m.node_name));
    assert.ok(appeared.every((id) => !start.has(id)));
    assert.ok(list.length >= MIN_LISTED);
    // As many go as come: 2,000 ticks leave the market about as big as it was.
    assert.ok(list.length < 40 + 200, `${list.length} listed after 2,000 ticks`);
    // A few per tick, and every kind of change happens.
    assert.ok(steps.every((s) => s.appeared.length <= 3 && s.gone.length <= 3 && s.repriced.length <= 3));
    assert.ok(steps.some((s) => s.gone.length > 0) && steps.some((s) => s.repriced.length > 0));
    assert.ok(steps.filter((_, i) => (i + 1) % 3 === 0).every((s) => s.appeared.length >= 1), 'every third tick brings news');
  });

  it('says exactly what it did: the next list is the old one minus gone, repriced, plus appeared', () => {
    const { steps } = simulate(DEMO_MACHINES, 5, 30);
    let list = DEMO_MACHINES as unknown[];
    for (const step of steps) {
      const before = new Map((list as Machine[]).map((m) => [m.node_name, m]));
      const after = new Map((step.machines as Machine[]).map((m) => [m.node_name, m]));
      for (const id of step.gone) assert.ok(before.has(id) && !after.has(id));
      for (const id of step.appeared) assert.ok(!before.has(id) && after.has(id));
      for (const r of step.repriced) {
        assert.equal(before.get(r.id)?.price, r.from);
        assert.equal(after.get(r.id)?.price, r.to);
        assert.notEqual(r.from, r.to);
      }
      const touched = new Set([...step.gone, ...step.appeared, ...step.repriced.map((r) => r.id)]);
      for (const [id, m] of before) if (!touched.has(id)) assert.deepEqual(after.get(id), m);
      assert.equal(after.size, before.size - step.gone.length + step.appeared.length);
      list = step.machines;
    }
  });

  it('leaves what is not a machine alone', () => {
    const junk = [{ hello: 'world' }, 42, null];
    const step = marketTick([...junk, ...generateMachines(30, 2)], mulberry32(1), 3);
    assert.deepEqual(step.machines.slice(0, 3), junk);
  });

  it('reads --market, --market-interval-ms and --seed', () => {
    assert.equal(parseArgs([]).market, undefined);
    assert.deepEqual(parseArgs(['--market']).market, {});
    assert.deepEqual(parseArgs(['--seed', '9', '--market-interval-ms', '250']).market, { seed: 9, intervalMs: 250 });
    assert.throws(() => parseArgs(['--market-interval-ms', '0']), /invalid --market-interval-ms/);
    assert.throws(() => parseArgs(['--seed', '-1']), /invalid --seed/);
  });

  it('reads --machines, a count of generated machines', () => {
    assert.equal(parseArgs([]).machines, undefined);
    assert.equal(parseArgs(['--machines', '20000']).machines, 20_000);
    assert.throws(() => parseArgs(['--machines', '0']), /invalid --machines/);
  });
});

describe('demo server market', () => {
  let server: DemoServer;
  const get = async (path: string): Promise<{ status: number; body: unknown }> => {
    const res = await fetch(`${server.url}${path}`, { headers: AUTH });
    return { status: res.status, body: await res.json() };
  };
  const listed = async (): Promise<Machine[]> => (await get('/v1/rentgpu/machines')).body as Machine[];

  afterEach(async () => {
    await server?.close();
  });

  it('ticks on its own every intervalMs, and the same seed serves the same lists', async () => {
    server = await startDemoServer({ market: { intervalMs: 30, seed: 4 } });
    const first = await listed();
    // Waits for two ticks after that list, however long a busy machine takes to give them (a fixed 200 ms saw one;
    // counting from the start saw none after the list, when the first ticks came before it).
    const listedAt = server.market.tickCount;
    while (server.market.tickCount < listedAt + 2) await new Promise((resolve) => setTimeout(resolve, 10));
    server.market.pause();
    const ticks = server.market.tickCount;
    assert.notDeepEqual(await listed(), first);
    assertValidMarket(await listed());
    // The same story, told by hand on another server with the same seed.
    const twin = await startDemoServer({ market: { intervalMs: 60_000, seed: 4 } });
    try {
      for (let i = 0; i < ticks; i++) twin.market.tick();
      const res = await fetch(`${twin.url}/v1/rentgpu/machines`, { headers: AUTH });
      assert.deepEqual(await res.json(), await listed());
    } finally {
      await twin.close();
    }
  });

  it('adds a machine like the one asked for, at once, and logs it', async () => {
    server = await startDemoServer();
    const { status, body } = await get('/__demo/market/add?gpu=H100_SXM&gpus=8&price=12.00');
    assert.equal(status, 200);
    const added = body as Machine;
    assert.equal(added.gpu_name, 'H100_SXM');
    assert.equal(added.gpu_count, 8);
    assert.equal(added.price, '12.00');
    assert.equal(added.cpu_count, added.cpu_per_gpu * 8);
    assertValidMarket([added]);
    const now = await listed();
    assert.deepEqual(now[now.length - 1], added);
    assert.equal(now.length, DEMO_MACHINES.length + 1);
    const log = (await get('/__demo/market/log')).body as MarketLogEntry[];
    assert.deepEqual(log.map((e) => [e.kind, e.appeared]), [['add', [added.node_name]]]);
    for (const bad of ['gpu=%20x', 'gpus=0', 'gpus=17', 'price=-1', 'price=0', 'price=abc']) {
      const res = await get(`/__demo/market/add?${bad}`);
      assert.equal(res.status, 400, bad);
    }
    assert.equal((await listed()).length, DEMO_MACHINES.length + 1);
  });

  it('pauses, resumes and ticks by request; the log tells each step with node IDs', async () => {
    server = await startDemoServer({ market: { intervalMs: 20 } });
    assert.equal(((await get('/__demo/market/pause')).body as { running: boolean }).running, false);
    const paused = server.market.tickCount;
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(server.market.tickCount, paused, 'no tick while paused');
    const before = new Set((await listed()).map((m) => m.node_name));
    const step = (await get('/__demo/market/tick')).body as MarketLogEntry;
    assert.equal(step.kind, 'tick');
    assert.equal(step.tick, paused + 1);
    const after = new Set((await listed()).map((m) => m.node_name));
    for (const id of step.appeared) assert.ok(after.has(id) && !before.has(id));
    for (const id of step.gone) assert.ok(before.has(id) && !after.has(id));
    const since = (await get(`/__demo/market/log?since=${step.seq - 1}`)).body as MarketLogEntry[];
    assert.deepEqual(since, [step]);
    assert.equal((await get('/__demo/market/log?since=x')).status, 400);
    assert.equal(((await get('/__demo/market/resume')).body as { running: boolean }).running, true);
    // Resumed, it ticks again on its own: waited for, as a busy machine may take longer than a few intervals.
    while (server.market.tickCount <= paused + 1) await new Promise((resolve) => setTimeout(resolve, 10));
  });

  it('reset restores the start list and keeps the market running', async () => {
    server = await startDemoServer({ market: { intervalMs: 20 } });
    server.market.add({ gpu: 'L4' });
    server.setFault({ fault: { kind: 'status', status: 500 } });
    await fetch(`${server.url}/__demo/reset`);
    assert.ok(server.market.running);
    server.market.pause();
    const log = server.market.log;
    assert.ok(log.some((e) => e.kind === 'reset'));
    // What ticked after the reset is on top of the start list.
    const after = log.slice(log.findIndex((e) => e.kind === 'reset'));
    const appeared = new Set(after.flatMap((e) => e.appeared));
    const gone = new Set(after.flatMap((e) => e.gone));
    const expected = DEMO_MACHINES.map((m) => m.node_name).filter((id) => !gone.has(id)).concat([...appeared].filter((id) => !gone.has(id)));
    assert.deepEqual((await listed()).map((m) => m.node_name), expected);
  });
});
