// The compiled validators must be what the schemas say today.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { GENERATED_PATH, generateValidators } from '../../../dev/generateValidators';
import { checkMachine, checkTemplate } from '../../support/records';
import { DEMO_MACHINES, DEMO_TEMPLATES } from '../../../dev/demo/fixtures';

describe('generated validators', () => {
  it('are up to date with src/api/schemas.ts (run `npm run generate` if not)', () => {
    assert.equal(fs.readFileSync(GENERATED_PATH, 'utf8'), generateValidators());
  });

  it('accept every fixture item and explain a rejected one', () => {
    assert.ok(DEMO_MACHINES.every((m) => checkMachine(structuredClone(m)).ok));
    assert.ok(DEMO_TEMPLATES.every((t) => checkTemplate(t).ok));
    assert.deepEqual(checkMachine({ ...DEMO_MACHINES[0], gpu_count: 0 }), { ok: false, reason: 'gpu_count must be >= 1' });
    assert.deepEqual(checkMachine({ ...DEMO_MACHINES[0], nvlink_status: 'yes' }), { ok: false, reason: 'nvlink_status must be boolean' });
    assert.deepEqual(checkTemplate([]), { ok: false, reason: 'item must be object' });
    const { id: _id, ...noId } = DEMO_TEMPLATES[3];
    assert.deepEqual(checkTemplate(noId), { ok: false, reason: "item must have required property 'id'" });
  });
});
