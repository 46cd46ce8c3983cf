// The market's side of a first look at a large first load: shown while the load runs, never a
// snapshot (no diff, no news), and gone when the load ends, whether it succeeded or not.
import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import type { Machine } from '../../../src/api/types';
import type { MachineQuery } from '../../../src/market/views';
import { parseQuery } from '../../../src/model/query';
import { marketPerTest } from '../../support/marketModel';
import { machineRecord } from '../../support/records';

describe('the market: a first look shows until its load ends', () => {
  const clock = { now: new Date('2026-11-24T10:00:00Z') };
  const parsed = parseQuery('');
  assert.ok(parsed.ok);
  const byPrice: MachineQuery = { filter: parsed.query, arrangement: { groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' } };
  const { market, changes } = marketPerTest(clock);

  /** A load whose first look and end the test controls. */
  function controlledLoad() {
    let look!: (items: Machine[]) => void;
    let finish!: (result: { items: Machine[] } | ApiError) => void;
    const ended = market.loadMachines(
      (_signal, firstLook) =>
        new Promise((resolve, reject) => {
          look = firstLook;
          finish = (result) => (result instanceof ApiError ? reject(result) : resolve({ items: result.items, skipped: 0 }));
        }),
    );
    return { look: (items: Machine[]) => look(items), finish: (result: { items: Machine[] } | ApiError) => finish(result), ended };
  }

  it('shows the first machines of a first load, says so, and replaces them with the whole list', async () => {
    const first = [machineRecord(), machineRecord()];
    const whole = [...first, machineRecord(), machineRecord()];
    const load = controlledLoad();
    load.look(first);
    assert.deepEqual(market.machineView(byPrice).matching, first);
    assert.equal(market.machines.snapshot, undefined, 'a first look is not a snapshot');
    assert.equal(market.status('machines'), 'Loading: the first 2 machines are shown while the rest arrive…');
    const lookChange = changes.at(-1)!;
    assert.equal(lookChange.firstLook, true);
    assert.equal(lookChange.diff, undefined, 'no diff: watches and "new" marks hear nothing of a first look');

    load.finish({ items: whole });
    assert.equal(await load.ended, undefined);
    assert.equal(market.machines.firstLook, undefined);
    assert.deepEqual(market.machineView(byPrice).matching, whole);
    assert.equal(market.status('machines'), undefined);
    const diff = changes.at(-1)!.diff;
    assert.ok(diff?.initial, 'the whole list is the first snapshot: what it holds is no news either');
    assert.equal(diff.appeared.length, 4);
  });

  it('drops the first look when the load fails: nothing is shown but the error', async () => {
    const load = controlledLoad();
    load.look([machineRecord()]);
    load.finish(new ApiError('network', 'The connection was reset.', undefined, true));
    assert.ok(await load.ended);
    assert.equal(market.machines.firstLook, undefined);
    assert.equal(market.machineView(byPrice).matching.length, 0);
    assert.equal(market.status('machines'), 'Could not load the machines. The connection was reset.');
    assert.equal(changes.at(-1)!.firstLook, true, 'the views hear that the first look went');
  });

  it('takes no first look once a snapshot is shown, nor a second one, nor one of a superseded load', async () => {
    const load = controlledLoad();
    load.look([machineRecord()]);
    const shown = market.machines.firstLook;
    load.look([machineRecord(), machineRecord()]);
    assert.equal(market.machines.firstLook, shown, 'one first look a load');

    const newer = controlledLoad();
    load.look([machineRecord()]);
    assert.equal(market.machines.firstLook, shown, 'the superseded load no longer shows anything new');
    newer.finish({ items: [machineRecord()] });
    await newer.ended;
    assert.equal(market.machines.firstLook, undefined);

    const refresh = controlledLoad();
    refresh.look([machineRecord(), machineRecord(), machineRecord()]);
    assert.equal(market.machines.firstLook, undefined, 'a refresh keeps showing the last snapshot');
    assert.equal(market.machineView(byPrice).matching.length, 1);
    refresh.finish({ items: [] });
    await refresh.ended;
  });

  it('forgets a first look when the market is reset (another service or token)', () => {
    const load = controlledLoad();
    load.look([machineRecord()]);
    market.reset();
    assert.equal(market.machines.firstLook, undefined);
    assert.equal(market.machineView(byPrice).matching.length, 0);
  });
});
