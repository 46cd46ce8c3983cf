// Issue 28, item 3: a watch's alert says what appeared (title, price per GPU,
// region; for several, how many and the cheapest), then the watch's name.
import * as assert from 'node:assert/strict';
import { alertTextOf, cheapest, machineOffer } from '../../../src/market/alertText';
import type { Machine } from '../../../src/api/types';
import { machineRecord } from '../../support/records';

/** The alert of these machines, as the market answers it: how many, and the cheapest. */
const alertText = (watch: { label: string }, machines: readonly Machine[]) => alertTextOf(watch, machines.length, cheapest(machines));

const h200 = machineRecord({ node_name: 'a', gpu_name: 'H200_SXM5_141GB', gpu_count: 8, price: '25.60', region: 'cn-east' });
const dearer = machineRecord({ node_name: 'b', gpu_name: 'H200_SXM5_141GB', gpu_count: 8, price: '28.00', region: 'cn-north' });
const cheaperPerGpu = machineRecord({ node_name: 'c', gpu_name: 'H200_SXM5_141GB', gpu_count: 4, price: '12.00', region: 'us-west' });

describe('a watch\'s alert', () => {
  it('one machine: its title, price per GPU and region, then the watch\'s name', () => {
    assert.equal(alertText({ label: 'H200 under 3.5' }, [h200]), 'GPU Rental: 8× H200 SXM5 141GB at 3.20/GPU in cn-east newly matches "H200 under 3.5"');
  });

  it('several: how many, and the cheapest per GPU (not the cheapest machine), then the watch\'s name', () => {
    assert.equal(
      alertText({ label: 'gpu=H200_SXM5_141GB' }, [h200, dearer, cheaperPerGpu]),
      'GPU Rental: 3 new machines, the cheapest 4× H200 SXM5 141GB at 3.00/GPU in us-west, match "gpu=H200_SXM5_141GB"',
    );
    assert.equal(alertText({ label: 'w' }, [dearer, h200]), 'GPU Rental: 2 new machines, the cheapest 8× H200 SXM5 141GB at 3.20/GPU in cn-east, match "w"');
  });

  it('the first of equals is the cheapest; no region, no "in"; none is said, not a crash', () => {
    const same = machineRecord({ ...h200, node_name: 'd' });
    assert.equal(cheapest([h200, same]), h200);
    assert.equal(machineOffer({ ...h200, region: '' }), '8× H200 SXM5 141GB at 3.20/GPU');
    assert.equal(alertText({ label: 'w' }, []), 'GPU Rental: no new machine matches "w"');
  });

  it('a region or name with line breaks stays on one line', () => {
    assert.equal(machineOffer({ ...h200, region: 'cn-\neast' }), '8× H200 SXM5 141GB at 3.20/GPU in cn- east');
  });
});
