// The outlook's practice (outlookPractice.ts): the worker asks its outlooks
// of a small index between the window's slices so that a person's first
// outlook runs code V8 has optimised. A practice filter that could not be
// read, or that matched nothing, would walk none of the record's or the sums'
// code and warm nothing, silently: each must find a match. And the slices:
// practice never outlasts the read, nor changes what the read returns.
import * as assert from 'node:assert/strict';
import { generateMachines } from '../../../../dev/demo/fixtures';
import type { Machine } from '../../../../src/api/types';
import { validateMachines } from '../../../../src/api/schema';
import { PRACTICE_OUTLOOKS, practiceAsks, practiceIndex, practiseOutlooks } from '../../../../src/market/history/outlookPractice';
import { outlookAnswer } from '../../../../src/market/history/outlookAnswer';
import { alongside, finish, type Steps } from '../../../../src/market/history/steps';

const NOW = 400 * 24 * 3_600_000;

function* counted(name: string, steps: number, log: string[], result?: string): Steps<string | undefined> {
  for (let i = 0; i < steps; i++) {
    log.push(`${name}${i}`);
    yield;
  }
  return result;
}

/** The practice's asks of `machines`, each checked to read and to find a match in their practice index. */
function eachReadsAndMatches(machines: Machine[]): { text: string; days: number }[] {
  const index = practiceIndex(machines, NOW);
  const asks = practiceAsks(machines);
  for (const { text, days } of asks) {
    const answer = outlookAnswer(index, text, days);
    assert.ok('outlook' in answer && answer.outlook.supply.window > 0, `${text}: ${JSON.stringify(answer).slice(0, 200)}`);
  }
  return asks;
}

describe('the outlook practice', () => {
  it('every practice outlook reads its filter and finds a match, over machines of a demo market; one slice each', () => {
    const machines = validateMachines(generateMachines(2_000, 5)).items.filter((_, i) => i % 8 === 0);
    const asks = eachReadsAndMatches(machines);
    assert.equal(asks.length, PRACTICE_OUTLOOKS);
    const fields = new Set(asks.flatMap((a) => a.text.split(' ').map((clause) => /^[a-z_]+/.exec(clause)?.[0])));
    assert.deepEqual(['gpus', 'price_per_gpu', 'gpu', 'online', 'region', 'cuda', 'vram', 'price', 'vram_total'].filter((f) => !fields.has(f)), [], 'the fields people filter on');
    assert.deepEqual([...new Set(asks.map((a) => a.days))].sort((a, b) => a - b), [7, 30]);
    const steps = practiseOutlooks(machines, NOW);
    let slices = 0;
    while (!steps.next().done) slices++;
    assert.equal(slices, PRACTICE_OUTLOOKS);
  });

  it('a machine without a region or CUDA version still gives filters that read and match', () => {
    const machines = validateMachines(generateMachines(300, 3)).items.map((m, i) => (i % 2 === 0 ? { ...m, region: '', cuda_version: '' } : m));
    eachReadsAndMatches(machines);
  });

  it('its index answers as a record of its machines: some listed now, some gone, prices per GPU', () => {
    const machines = validateMachines(generateMachines(300, 9)).items;
    const answer = outlookAnswer(practiceIndex(machines, NOW), 'gpus>=1');
    assert.ok('outlook' in answer);
    assert.ok(answer.outlook.supply.now > 0 && answer.outlook.supply.now < machines.length, String(answer.outlook.supply.now));
    assert.ok(answer.outlook.supply.listedHours !== undefined && answer.outlook.price.typical !== undefined);
  });

  it('no machines, no practice', () => {
    assert.equal(practiseOutlooks([], NOW).next().done, true);
  });

  it('a step of the side after each of the main work, a slice each, until the main work ends', () => {
    const log: string[] = [];
    const steps = alongside(counted('main', 3, log, 'index'), counted('side', 10, log));
    let slices = 0;
    for (let step = steps.next(); !step.done; step = steps.next()) {
      slices++;
      log.push('|');
    }
    assert.deepEqual(log, ['main0', '|', 'side0', '|', 'main1', '|', 'side1', '|', 'main2', '|', 'side2', '|']);
    assert.equal(slices, 6);
    assert.equal(finish(alongside(counted('main', 4, [], 'index'), counted('side', 1, []))), 'index');
    assert.equal(finish(alongside(counted('main', 2, [], 'index'), undefined)), 'index');
  });

  it('work on the side that fails ends there; the main work goes on to its result', () => {
    const log: string[] = [];
    function* failing(): Steps<void> {
      log.push('side0');
      yield;
      throw new Error('the practice failed');
    }
    assert.equal(finish(alongside(counted('main', 4, log, 'index'), failing())), 'index');
    assert.deepEqual(log, ['main0', 'side0', 'main1', 'main2', 'main3']);
  });
});
