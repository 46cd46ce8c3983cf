// LatestAnswer: asked again and again, it keeps only the latest ask's answer.
// Each ask here is a promise the test settles by hand, rejecting with the
// client's own CANCELLED error when its signal aborts, as the market client does.
import * as assert from 'node:assert/strict';
import { CANCELLED } from '../../../src/market/protocol';
import { MarketRequestError } from '../../../src/market/worker/client';
import { LatestAnswer, type LatestAnswerOptions } from '../../../src/market/worker/latestAnswer';

interface Ask<T> {
  signal: AbortSignal;
  answer(value: T): void;
  fail(err: unknown): void;
}

/** A LatestAnswer whose asks the test answers, with what it told and logged. */
function harness<T>(options: Partial<LatestAnswerOptions<T>> = {}) {
  const asks: Ask<T>[] = [];
  const failures: unknown[] = [];
  let changes = 0;
  const latest = new LatestAnswer<T>({ failed: (err) => failures.push(err), ...options });
  latest.onDidChange(() => changes++);
  const ask = () =>
    latest.ask(
      (signal) =>
        new Promise<T>((resolve, reject) => {
          signal.addEventListener('abort', () => reject(new MarketRequestError({ kind: CANCELLED, message: CANCELLED })));
          asks.push({ signal, answer: resolve, fail: reject });
        }),
    );
  return { latest, asks, failures, ask, changes: () => changes };
}

describe('LatestAnswer: the latest answer to a question asked again', () => {
  it('keeps an answer and tells it once; asking is true until it has come', async () => {
    const { latest, asks, ask, changes } = harness<string>();
    assert.equal(latest.value, undefined);
    const done = ask();
    assert.equal(latest.asking, true);
    asks[0].answer('a');
    await done;
    assert.equal(latest.value, 'a');
    assert.equal(latest.asking, false);
    assert.equal(changes(), 1);
  });

  it('a new ask cancels the last one, whose answer is dropped even if it comes; only the latest is told', async () => {
    const { latest, asks, ask, changes, failures } = harness<string>();
    const first = ask();
    const second = ask();
    assert.equal(asks[0].signal.aborted, true, 'the first ask was cancelled');
    assert.equal(asks[1].signal.aborted, false);
    asks[0].answer('stale');
    await first;
    assert.equal(latest.value, undefined, 'a superseded answer is not kept');
    assert.equal(latest.asking, true, 'the second ask is still on its way');
    asks[1].answer('fresh');
    await second;
    assert.equal(latest.value, 'fresh');
    assert.equal(changes(), 1);
    assert.deepEqual(failures, [], 'the cancellation is not a failure');
  });

  const broken = new Error('the worker is gone');
  for (const [title, failure, failed, changed] of [
    ['an ask cancelled by the market itself ends quietly: no change, nothing logged, the last answer kept', new MarketRequestError({ kind: CANCELLED, message: CANCELLED }), [], 1],
    ['a failed ask is handed to failed and tells a change; the last answer stays', broken, [broken], 2],
  ] as const) {
    it(title, async () => {
      const { latest, asks, ask, changes, failures } = harness<string>();
      const first = ask();
      asks[0].answer('a');
      await first;
      const second = ask();
      asks[1].fail(failure);
      await second;
      assert.deepEqual(failures, failed);
      assert.equal(latest.value, 'a');
      assert.equal(latest.asking, false);
      assert.equal(changes(), changed);
    });
  }

  it('an ask that fails with no error at all is logged and told, like any failure', async () => {
    const { asks, ask, changes, failures } = harness<string>();
    const done = ask();
    asks[0].fail(undefined);
    await done;
    assert.deepEqual(failures, [undefined]);
    assert.equal(changes(), 1);
  });

  it('a superseded ask that fails is neither logged nor told', async () => {
    const { asks, ask, changes, failures } = harness<string>();
    const first = ask();
    void ask();
    asks[0].fail(new Error('late'));
    await first;
    assert.deepEqual(failures, []);
    assert.equal(changes(), 0);
  });

  it('an answer already on its way when the next ask starts is dropped', async () => {
    const { latest, asks, ask, changes } = harness<string>();
    const first = ask();
    asks[0].answer('stale');
    const second = ask();
    await first;
    assert.equal(latest.value, undefined);
    assert.equal(latest.asking, true);
    asks[1].answer('fresh');
    await second;
    assert.equal(latest.value, 'fresh');
    assert.equal(changes(), 1);
  });

  it('current() waits for the latest ask, also one asked while it waits', async () => {
    const { latest, asks, ask } = harness<string>();
    const first = ask();
    let current: string | undefined = 'not yet';
    const waiting = latest.current().then((value) => (current = value));
    asks[0].answer('first');
    void ask();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(current, 'not yet', 'still waiting for the second ask');
    asks[1].answer('second');
    await waiting;
    assert.equal(current, 'second');
    assert.equal(await latest.current(), 'second', 'nothing asked: the answer on hand');
  });

  it('worthTelling decides whether an answer is told, from the last one; the answer is kept either way', async () => {
    const seen: Array<[number | undefined, number]> = [];
    const { latest, asks, ask, changes } = harness<number>({ worthTelling: (last, next) => (seen.push([last, next]), next > 0) });
    const first = ask();
    asks[0].answer(0);
    await first;
    assert.equal(latest.value, 0);
    assert.equal(changes(), 0);
    const second = ask();
    asks[1].answer(3);
    await second;
    assert.equal(changes(), 1);
    assert.deepEqual(seen, [
      [undefined, 0],
      [0, 3],
    ]);
  });

  it('dispose with nothing asked is quiet', () => {
    const { latest, changes } = harness<string>();
    latest.dispose();
    assert.equal(changes(), 0);
  });

  it('dispose cancels the ask under way, and tells nobody afterwards', async () => {
    const { latest, asks, ask, changes, failures } = harness<string>();
    const done = ask();
    latest.dispose();
    assert.equal(asks[0].signal.aborted, true);
    await done;
    assert.equal(changes(), 0);
    assert.deepEqual(failures, []);
    assert.equal(await latest.current(), undefined);
  });
});
