// The one way unit tests build valid records: a demo machine or template with
// the fields a test cares about overridden, completed by the real validator
// (so derived fields such as price per GPU are computed as in production).
import * as assert from 'node:assert/strict';
import { machineChecker, reasonOf, templateChecker, type Checker } from '../../src/api/schema';
import type { Machine, Template } from '../../src/api/types';
import { DEMO_MACHINES, DEMO_TEMPLATES } from '../../dev/demo/fixtures';

let serial = 0;

type Check<T> = (item: unknown) => { ok: true; value: T } | { ok: false; reason: string };

/** One item through a checker of src/api/schema.ts, as the client checks each item of a list. */
function checkOne<T>(checker: Checker<T>): Check<T> {
  return (item) => (checker.validate(item) ? { ok: true, value: checker.build(item) } : { ok: false, reason: reasonOf(checker.validate) });
}

export const checkMachine = checkOne(machineChecker);
export const checkTemplate = checkOne(templateChecker);

/** A valid machine like the first demo machine, with its own node ID unless one is given. */
export function machineRecord(over: Partial<Machine> = {}): Machine {
  const result = checkMachine({ ...DEMO_MACHINES[0], node_name: `node-${++serial}`, ...over });
  assert.ok(result.ok, result.ok ? '' : `not a valid machine: ${result.reason}`);
  return result.value;
}

/** A valid template like the second demo template (not the platform default), with its own id unless one is given. */
export function templateRecord(over: Partial<Template> = {}): Template {
  const result = checkTemplate({ ...DEMO_TEMPLATES[1], id: 10_000 + ++serial, ...over });
  assert.ok(result.ok, result.ok ? '' : `not a valid template: ${result.reason}`);
  return result.value;
}
