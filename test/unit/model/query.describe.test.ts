// How the filter box says a query was read (src/model/query/describe.ts).
import * as assert from 'node:assert/strict';
import { describeQuery, parseQuery, type Query } from '../../../src/model/query';

function read(text: string): string {
  const result = parseQuery(text);
  assert.ok(result.ok, text);
  return describeQuery((result as { query: Query }).query);
}

describe('query: how it was read', () => {
  it('bare text values start names, quoted ones are the whole name', () => {
    assert.equal(read('gpu=h100 gpus>=8'), 'gpu starts with "h100" · gpus at least 8');
    assert.equal(read('gpu="H100 SXM5 80GB"'), 'gpu is "H100 SXM5 80GB" (whole name)');
    assert.equal(read('region!=us'), 'region does not start with "us"');
    assert.equal(read('region in [us-west, "eu-central"]'), 'region starts with one of "us-west", "eu-central" (whole name)');
    assert.equal(read('gpu notin ["A100"]'), 'gpu is none of "A100" (whole name)');
  });

  it('numbers, versions, yes/no and free text', () => {
    assert.equal(read('price_per_gpu<2.5 vram<=24 cpus>16 cuda>=12.1'), 'price_per_gpu under 2.5 · vram at most 24 · cpus over 16 · cuda at least 12.1');
    assert.equal(read('nvlink=true gpus!=1'), 'nvlink is true · gpus is not 1');
    assert.equal(read('4090'), '"4090" in GPU, CPU, region or node ID');
    assert.equal(read(''), '');
  });
});
