// A job's estimate on the machine details page and in Compare (issue 37): the
// details page's job section (heading, Time and Cost first, then the parts;
// none without a job; the reason for a GPU the table does not know), and
// Compare's Job time and Job cost rows after the price rows, the lowest marked
// best, an unknown GPU never best.
import * as assert from 'node:assert/strict';
import type { Job } from '../../../src/model/jobCost';
import { compareContent, freshColumns } from '../../../src/webview/compare/content';
import { detailsContent, detailsShell } from '../../../src/webview/details/content';
import { A100_AT_12, H100_AT_20, TRAIN_7B } from '../../support/jobs';
import { machineRecord } from '../../support/records';

const job: Job = TRAIN_7B;
const h100 = H100_AT_20;
const a100 = A100_AT_12;
const unknown = machineRecord({ node_name: 'x', gpu_name: '<b>MYSTERY</b>', gpu_count: 1, price: '1' });

describe('job rows: details and Compare', () => {
  it('the details page shows the job, its time, cost and parts while a job is set', () => {
    assert.equal(detailsContent({ machine: h100 }).job, undefined, 'no job, no section');
    const section = detailsContent({ machine: h100, job }).job!;
    assert.equal(section.heading, 'Job: full training of 7B on 1B tokens');
    assert.deepEqual(section.rows.slice(0, 2).map((r) => r.label), ['Time', 'Cost']);
    assert.match(section.rows[0].value, /^about \d+\.\d \(\d+\.\d–\d+\.\d\) hours/);
    assert.match(section.rows[1].value, /at 20\.00 an hour for the machine\.$/);
    assert.ok(section.rows.some((r) => r.label === 'GPUs' && r.value.startsWith('8 × H100 SXM')));
    const html = detailsShell({ nonce: 'n', cspSource: 'https://webview.test', styleUris: [], scriptUri: 'https://webview.test/details.js' });
    assert.match(html, /<section id="job" aria-labelledby="job-heading" hidden>/, 'the shell holds an empty, hidden section the content fills');
  });

  it('a GPU the table does not know says so, as text', () => {
    const rows = detailsContent({ machine: unknown, job }).job!.rows;
    assert.deepEqual(rows, [{ label: 'No estimate', value: 'the GPU <b>MYSTERY</b> is not in the throughput table.' }]);
  });

  it('Compare adds Job time and Job cost after the price rows, the cheapest job best', () => {
    const without = compareContent({ columns: freshColumns([a100, h100]) });
    assert.ok(!without.rows.some((r) => r.key.startsWith('job_')));
    const content = compareContent({ columns: freshColumns([a100, h100, unknown]), job });
    const keys = content.rows.map((r) => r.key);
    assert.deepEqual(keys.slice(keys.indexOf('price_per_gpu'), keys.indexOf('price_per_gpu') + 3), ['price_per_gpu', 'job_hours', 'job_cost']);
    const cost = content.rows.find((r) => r.key === 'job_cost')!;
    assert.equal(cost.label, 'Job cost');
    assert.deepEqual(cost.cells.map((c) => c.best), [false, true, false], 'the H100s finish the job cheaper than the A100s at a lower price');
    assert.match(cost.cells[1].text, /^≈ \d+\.\d\d \(\d+\.\d\d–\d+\.\d\d\)$/);
    assert.equal(cost.cells[2].text, 'unknown GPU');
    const hours = content.rows.find((r) => r.key === 'job_hours')!;
    assert.equal(hours.label, 'Job time (hours)');
    assert.deepEqual(hours.cells.map((c) => c.best), [false, true, false]);
    assert.match(hours.cells[1].text, /^≈ \d+\.\d \(\d+\.\d–\d+\.\d\)$/);
    assert.equal(hours.cells[2].text, 'unknown GPU');
  });
});
