// A job as it is typed in the job box, on the command line and by the chat
// tools: every word for a kind, token counts and utilizations at their
// limits and in each way of writing them, hours of serving, and fields left
// empty. Each case says what the person gets: the value, or which message.
import * as assert from 'node:assert/strict';
import { checkJob, checkServingHours, checkTokens, checkUtilization, jobKindOf } from '../../../src/model/jobInput';

const TOKENS_FORM = 'Type a number of tokens such as 1B, 500M or 2B×3 (dataset tokens × epochs).';
const TOKENS_RANGE = 'A number of tokens is between 1,000 and 1,000T (10^15).';
const UTILIZATION = 'Utilization is a share of the peak from 1% to 100%, such as 40% or 0.4.';
const HOURS = 'Hours of serving are a number more than 0 and at most 87600.';

/** Each text with what the check makes of it: its value, or its message. */
function assertChecks(check: (text: string) => { ok: true; value: number } | { ok: false; message: string }, cases: [string, number | string][]): void {
  assert.deepEqual(
    cases.map(([text]) => {
      const checked = check(text);
      return [text, checked.ok ? checked.value : checked.message];
    }),
    cases,
  );
}

describe('jobInput: what is typed', () => {
  it('every word for a kind, in any case and with spaces around; anything else is none', () => {
    const cases: [string, string | undefined][] = [
      [' Training ', 'train'],
      ['train', 'train'],
      ['FULL', 'train'],
      ['finetune', 'train'],
      ['fine-tune', 'train'],
      ['LoRA', 'lora'],
      ['infer', 'infer'],
      ['Inference', 'infer'],
      ['serve', 'infer'],
      ['', undefined],
      ['pretrain', undefined],
      ['lora2', undefined],
    ];
    assert.deepEqual(
      cases.map(([text]) => [text, jobKindOf(text)]),
      cases,
    );
  });

  it('token counts at their limits and in every way of writing them', () => {
    assertChecks(checkTokens, [
      ['1000', 1e3],
      ['999', TOKENS_RANGE],
      ['1000T', 1e15],
      ['1001T', TOKENS_RANGE],
      ['1e15', 1e15],
      ['1e16', TOKENS_RANGE],
      ['0', TOKENS_FORM],
      ['12,000', 12e3],
      ['12,0000', TOKENS_FORM],
      ['1.25B', 1.25e9],
      ['.5M', 5e5],
      ['.25M', 2.5e5],
      ['2.5e10', 2.5e10],
      ['  1B  x  3  ', 3e9],
      ['1B x 2.5', 2.5e9],
      ['x1B', TOKENS_FORM],
      ['1Bx', TOKENS_FORM],
    ]);
  });

  it('utilization as a share, a percent or a number over 1, from 1% to 100%', () => {
    assertChecks(checkUtilization, [
      ['1%', 0.01],
      ['0.01', 0.01],
      ['0.009', UTILIZATION],
      [' 50 % ', 0.5],
      ['0.5%', UTILIZATION],
      ['.25', 0.25],
      ['0.25', 0.25],
      ['1.5', 0.015],
      ['100', 1],
      ['x40', UTILIZATION],
      ['40x', UTILIZATION],
      ['4 0', UTILIZATION],
    ]);
  });

  it('hours of serving: a number with or without h, more than 0 and at most ten years', () => {
    assertChecks(checkServingHours, [
      ['24h', 24],
      [' 24 H ', 24],
      [' 1.5h ', 1.5],
      ['.5', 0.5],
      ['.25h', 0.25],
      ['0.25', 0.25],
      ['87600', 87_600],
      ['87601', HOURS],
      ['0', HOURS],
      ['h24', HOURS],
      ['24hh', HOURS],
      ['x24', HOURS],
      ['24 x', HOURS],
    ]);
  });

  it('fields left empty or null are not given: no utilization, no hours; inference without a batch generates one at a time', () => {
    assert.deepEqual(checkJob({ size: '7', kind: 'train', tokens: '1B', hours: '', utilization: null }), { ok: true, job: { paramsB: 7, kind: 'train', tokens: 1e9 } });
    assert.deepEqual(checkJob({ size: '7', kind: 'train', tokens: '1B', hours: null, utilization: '' }), { ok: true, job: { paramsB: 7, kind: 'train', tokens: 1e9 } });
    assert.deepEqual(checkJob({ size: '7', kind: 'infer', tokens: '10M' }), { ok: true, job: { paramsB: 7, kind: 'infer', tokens: 1e7, batch: 1 } });
    assert.deepEqual(checkJob({ size: '7', kind: 'lora', tokens: '1B', batch: '8' }), { ok: true, job: { paramsB: 7, kind: 'lora', tokens: 1e9 } }, 'a batch is for inference only');
    assert.deepEqual(checkJob({ size: '7', kind: 'infer', tokens: '', hours: '2' }), { ok: true, job: { paramsB: 7, kind: 'infer', servingHours: 2 } });
    assert.deepEqual(checkJob({ size: '7', kind: 'infer', tokens: '10M', hours: '' }), { ok: true, job: { paramsB: 7, kind: 'infer', tokens: 1e7, batch: 1 } });
  });
});
