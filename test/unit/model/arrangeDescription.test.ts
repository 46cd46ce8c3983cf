// The Machines view's description ("GPU model · price per GPU ↑"): how it is
// grouped and sorted, in running text, for every grouping and sort key and
// both orders (src/model/arrange.ts, arrangementDescription).
import * as assert from 'node:assert/strict';
import { arrangementDescription } from '../../../src/model/arrange';

describe('the Machines view description', () => {
  it('names every grouping and sort key, and the order as an arrow', () => {
    const cases = [
      [{ groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' }, 'GPU model · price per GPU ↑'],
      [{ groupBy: 'region', sortBy: 'price', order: 'descending' }, 'region · price ↓'],
      [{ groupBy: 'gpuCount', sortBy: 'gpuMemory', order: 'ascending' }, 'GPU count · GPU memory ↑'],
      [{ groupBy: 'cuda', sortBy: 'gpuCount', order: 'descending' }, 'CUDA version · GPU count ↓'],
      [{ groupBy: 'none', sortBy: 'onlineRate', order: 'ascending' }, 'ungrouped · online rate ↑'],
      [{ groupBy: 'gpu', sortBy: 'upTime', order: 'descending' }, 'GPU model · up time ↓'],
    ] as const;
    assert.deepEqual(
      cases.map(([arrangement]) => arrangementDescription(arrangement)),
      cases.map(([, text]) => text),
    );
  });
});
