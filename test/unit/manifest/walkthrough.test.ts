// Issue 28, item 2: a walkthrough step is checked off when its outcome holds
// (a valid service URL is set, a token is stored, a filter is applied, a node
// ID was copied), never when its command was only opened: Set API Token
// opened and escaped used to check off "Set your API token".
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { evaluateWhen } from '../../support/contextMenus';

const root = path.resolve(__dirname, '../../../..');
interface Step {
  id: string;
  completionEvents?: string[];
}
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { contributes: { walkthroughs: { steps: Step[] }[] } };
const steps = manifest.contributes.walkthroughs[0].steps;

/** Whether VS Code would check the step off in this context (its onContext events only). */
function done(id: string, context: Record<string, string | boolean>): boolean {
  const step = steps.find((s) => s.id === id)!;
  return (step.completionEvents ?? []).some((event) => event.startsWith('onContext:') && evaluateWhen(event.slice('onContext:'.length), context));
}

describe('the walkthrough checks a step off by its outcome', () => {
  it('no step completes on a command being run (onCommand), a setting merely being written, or a step being viewed', () => {
    for (const step of steps) {
      assert.ok(step.completionEvents?.length, `${step.id} has completion events`);
      for (const event of step.completionEvents!) assert.match(event, /^onContext:/, `${step.id}: ${event}`);
    }
  });

  // Each step: the setup states it is done in, and those it is not (nor before GPU Rental sets its keys).
  for (const [title, step, doneIn, notDoneIn] of [
    ['Set the service URL: done once a valid URL is set, not before activation, not with a missing or bad URL', 'serviceUrl', ['noToken', 'insecure', 'ready'], ['unknown', 'noBaseUrl', 'badBaseUrl']],
    ['Set your API token: done once a token is stored (Escape in the password box stores none)', 'token', ['insecure', 'ready'], ['unknown', 'noBaseUrl', 'badBaseUrl', 'noToken']],
  ] as const) {
    it(title, () => {
      for (const setup of doneIn) assert.equal(done(step, { 'gpuRental.setup': setup }), true, setup);
      for (const setup of notDoneIn) assert.equal(done(step, { 'gpuRental.setup': setup }), false, setup);
      assert.equal(done(step, {}), false, 'before GPU Rental sets its keys');
    });
  }

  it('Find a machine with a filter: done while a filter is applied; Copy its ID: done once a node ID was copied', () => {
    assert.equal(done('filter', { 'gpuRental.machines.filtered': true }), true);
    assert.equal(done('filter', { 'gpuRental.machines.filtered': false }), false);
    assert.equal(done('copyId', { 'gpuRental.nodeIdCopied': true }), true);
    assert.equal(done('copyId', { 'gpuRental.nodeIdCopied': false }), false);
  });
});
