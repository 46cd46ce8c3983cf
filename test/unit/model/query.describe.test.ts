// How the filter box says a query was read (src/model/query/describe.ts).
import * as assert from 'node:assert/strict';
import { describeQuery, parseQuery, type Query } from '../../../src/model/query';

function read(text: string): string {
  const result = parseQuery(text);
  assert.ok(result.ok, text);
  return describeQuery((result as { query: Query }).query);
}

describe('query: how it was read', () => {
  for (const [title, readings] of [
    [
      'bare text values start names, quoted ones are the whole name',
      [
        ['gpu=h100 gpus>=8', 'gpu starts with "h100" · gpus at least 8'],
        ['gpu="H100 SXM5 80GB"', 'gpu is "H100 SXM5 80GB" (whole name)'],
        ['region!=us', 'region does not start with "us"'],
        ['region in [us-west, "eu-central"]', 'region starts with one of "us-west", "eu-central" (whole name)'],
        ['gpu notin ["A100"]', 'gpu is none of "A100" (whole name)'],
      ],
    ],
    [
      'numbers, versions, yes/no and free text',
      [
        ['price_per_gpu<2.5 vram<=24 cpus>16 cuda>=12.1', 'price_per_gpu under 2.5 · vram at most 24 · cpus over 16 · cuda at least 12.1'],
        ['nvlink=true gpus!=1', 'nvlink is true · gpus is not 1'],
        ['4090', '"4090" in GPU, CPU, region or node ID'],
        ['', ''],
      ],
    ],
  ] as const) {
    it(title, () => {
      for (const [query, reading] of readings) assert.equal(read(query), reading, query);
    });
  }
});
