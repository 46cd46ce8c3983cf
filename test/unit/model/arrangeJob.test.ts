// The Machines view sorted by what a job costs (issue 37): cheapest job first,
// a machine without an estimate (a GPU the table does not know) last in either
// direction, the job part of the view's question, and Job cost without a job
// falls back to price per GPU.
import * as assert from 'node:assert/strict';
import { arrangeMachines, arrangementDescription, sortLabels, type Arrangement } from '../../../src/model/arrange';
import { costKey, estimateJob, type Job } from '../../../src/model/jobCost';
import { arrangementKey } from '../../../src/market/views';
import { A100_AT_12, H100_AT_20, TRAIN_7B } from '../../support/jobs';
import { machineRecord } from '../../support/records';

const job: Job = TRAIN_7B;
const h100 = H100_AT_20;
const a100 = A100_AT_12;
const unknown = machineRecord({ node_name: 'mystery', gpu_name: 'MYSTERY_GPU', gpu_count: 1, price: '0.10' });
const cheapSlow = machineRecord({ node_name: 't4', gpu_name: 'Tesla_T4', gpu_count: 1, price: '0.20' });
const list = [unknown, a100, cheapSlow, h100];

const flat = (arrangement: Arrangement) => arrangeMachines(list, arrangement)[0].machines.map((m) => m.node_name);

describe('arrange: sorted by job cost', () => {
  it('puts the cheapest job first, not the cheapest hour, and a machine without an estimate last', () => {
    const order = flat({ groupBy: 'none', sortBy: 'jobCost', order: 'ascending', job });
    const costs = order.slice(0, 3).map((id) => costKey(estimateJob(job, list.find((m) => m.node_name === id)!)));
    assert.deepEqual([...costs].sort((a, b) => a - b), costs, 'ascending by the middle cost');
    assert.ok(order.indexOf('h100') < order.indexOf('a100'), 'the faster machine at the higher price costs less for the job');
    assert.equal(order.at(-1), 'mystery', 'the cheapest hour, but no estimate: last');
    const descending = flat({ groupBy: 'none', sortBy: 'jobCost', order: 'descending', job });
    assert.equal(descending.at(-1), 'mystery', 'last in the other direction too');
    assert.deepEqual(descending.slice(0, 3), order.slice(0, 3).reverse());
  });

  it('orders groups by their cheapest job, and a group of unknown GPUs after the others', () => {
    const groups = arrangeMachines(list, { groupBy: 'gpu', sortBy: 'jobCost', order: 'ascending', job });
    assert.equal(groups.at(-1)!.first.node_name, 'mystery');
    assert.equal(groups[0].first.node_name, flat({ groupBy: 'none', sortBy: 'jobCost', order: 'ascending', job })[0]);
  });

  it('without a job, Job cost sorts by price per GPU', () => {
    assert.deepEqual(flat({ groupBy: 'none', sortBy: 'jobCost', order: 'ascending' }), flat({ groupBy: 'none', sortBy: 'pricePerGpu', order: 'ascending' }));
  });

  it('another job is another question to the market; no job keeps the key it had', () => {
    const base: Arrangement = { groupBy: 'gpu', sortBy: 'jobCost', order: 'ascending' };
    assert.equal(arrangementKey(base), 'gpu/jobCost/ascending');
    assert.notEqual(arrangementKey({ ...base, job }), arrangementKey({ ...base, job: { ...job, tokens: 2e9 } }));
  });

  it('has a label and a description', () => {
    assert.equal(sortLabels().jobCost, 'Job Cost');
    assert.equal(arrangementDescription({ groupBy: 'gpu', sortBy: 'jobCost', order: 'ascending', job }), 'GPU model · job cost ↑');
  });
});
