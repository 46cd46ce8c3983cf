// The outlook as the chat tools say it (gpuRental_marketOutlook, issue 36), and
// in one line as the Machines view and the filter box ask the market for it:
// what a model or a person reads for a filter, an unreadable filter, no history,
// and a record with fields it does not keep.
import * as assert from 'node:assert/strict';
import type { OutlookAnswer } from '../../../src/market/history/outlookAnswer';
import { outlookLineOf } from '../../../src/market/outlookLine';
import { Market } from '../../../src/market/market';
import { outlookToolQuery, toolAnswer } from '../../../src/market/tools';
import { outlookLine } from '../../../src/model/outlookText';
import { outlookWith } from '../../support/matchSpans';

const LATEST = Date.UTC(2026, 10, 27, 6, 0);
/** The outlook tool's answer, as VS Code's chat and the MCP server get it: the history asked the tool's query first. */
const marketOutlookAnswer = (input: unknown, outlookOf: ((query: string) => OutlookAnswer) | undefined) => {
  const query = outlookToolQuery('gpuRental_marketOutlook', input);
  return toolAnswer('gpuRental_marketOutlook', new Market(), input, new Date(LATEST), 'outside', query === undefined ? undefined : outlookOf?.(query));
};
const NO_HISTORY = 'There is no market history here: it is off, or this runtime has no SQLite. Without it there is no outlook.';

describe('market outlook tool', () => {
  it('the outlook of a filter: where it comes from, its line, and a labelled line each, the fields it left out last', () => {
    const outlook = outlookWith({ latest: LATEST });
    const asked: string[] = [];
    const text = marketOutlookAnswer({ query: '  gpu=h100 region=eu ' }, (query) => {
      asked.push(query);
      return { outlook, ignored: ['region', 'reliability'] };
    });
    assert.deepEqual(asked, ['  gpu=h100 region=eu ']);
    assert.deepEqual(text.split('\n'), [
      'Outlook of "gpu=h100 region=eu" from the market history (a record of the 30 days up to its latest list, 2026-11-27T06:00:00.000Z; not a forecast):',
      outlookLine(outlook),
      '- Recorded: 12.5 days of the last 30',
      '- Appeared: 4 times in 7 days, 9 times in 30 days; appears about every 33 h',
      '- Stayed listed: median 5.5 h (quartiles 2.0 h–2.1 days)',
      '- Matching now: 1',
      '- Price per GPU: typical 14.20–15.80/GPU · now 13.90, low',
      '- Waiting: a match cheaper than 13.90 appeared on 3 of the last 30 days; from a random moment of the record, the median wait was 20 h',
      'Left out (the history does not keep them): region, reliability',
    ]);
  });

  it('the latest list is named, whatever was recorded (a history with no list has no outlook: its own sentence, below)', () => {
    const firstLine = (answer: OutlookAnswer) => marketOutlookAnswer({ query: 'gpu=h100' }, () => answer).split('\n')[0];
    assert.ok(firstLine({ outlook: outlookWith({ recordedHours: 0, latest: LATEST }), ignored: [] }).endsWith('up to its latest list, 2026-11-27T06:00:00.000Z; not a forecast):'));
    assert.ok(!marketOutlookAnswer({ query: 'gpu=h100' }, () => ({ outlook: outlookWith(), ignored: [] })).includes('Left out'), 'nothing left out, no line for it');
  });

  it('bad input, an unreadable filter, no history and a history with no list each get their own sentence', () => {
    const never = (): OutlookAnswer => assert.fail('no outlook is asked for bad input');
    for (const input of [undefined, null, {}, { query: 3 }, 'gpu=h100']) {
      assert.equal(marketOutlookAnswer(input, never), 'The input is not valid: query must be a filter text.', JSON.stringify(input));
    }
    assert.equal(marketOutlookAnswer({ query: 'gpus>' }, () => ({ error: 'parse', message: 'a number is missing', position: 6 })), 'The query is not valid at column 6: a number is missing. Correct it and call again.');
    assert.equal(marketOutlookAnswer({ query: 'gpus>1' }, () => ({ error: 'off' })), NO_HISTORY);
    assert.equal(marketOutlookAnswer({ query: 'gpus>1' }, undefined), NO_HISTORY, 'no history here at all');
    assert.equal(
      marketOutlookAnswer({ query: 'gpus>1' }, () => ({ error: 'empty' })),
      'The market history has recorded no list yet: VS Code with GPU Rental records each list it loads, and so does `gpu-rental record`. Without one there is no outlook.',
    );
  });
});

describe('outlook line of a filter', () => {
  it("asks the market for the filter's outlook and says it in one line; nothing for an empty filter or without an outlook", async () => {
    const outlook = outlookWith({ latest: LATEST });
    const asked: unknown[] = [];
    const signal = new AbortController().signal;
    const client = (answer: OutlookAnswer) => ({
      request: (method: string, params: unknown, s?: AbortSignal) => {
        asked.push([method, params, s]);
        return Promise.resolve(answer);
      },
    });
    assert.equal(await outlookLineOf(client({ outlook, ignored: [] }) as never, 'gpu=h100', signal), outlookLine(outlook));
    assert.deepEqual(asked, [['outlook', { query: 'gpu=h100' }, signal]]);
    assert.equal(await outlookLineOf(client({ outlook, ignored: ['listed_hours', 'below_median'] }) as never, 'gpu=h100 listed_hours>2 below_median>0.1'), `${outlookLine(outlook)} · listed_hours, below_median left out`);
    assert.equal(await outlookLineOf(client({ error: 'off' }) as never, 'gpu=h100'), undefined);
    assert.equal(await outlookLineOf(client({ error: 'empty' }) as never, 'gpu=h100'), undefined);
    assert.equal(await outlookLineOf(client({ outlook, ignored: [] }) as never, ' \t '), undefined);
    assert.equal(asked.length, 4, 'an empty filter asks nothing');
  });
});
