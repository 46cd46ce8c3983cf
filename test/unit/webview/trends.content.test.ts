// The Market Trends page's words and numbers (src/webview/trends/content.ts):
// each chart's accessible name with its ranges, the table's caption, columns
// and rows, the model pickers, what the panel says when there is nothing to
// draw, the time of the latest list, the x axis's ticks, and the shell.
import * as assert from 'node:assert/strict';
import { getDisplayLocale, setDisplayLocale } from '../../../src/model/format';
import { rowTime, timeTicks, trendColumns, trendsContent, trendsShell, type ModelTrend, type TrendsState } from '../../../src/webview/trends/content';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const END = Date.UTC(2026, 10, 27, 12, 0, 40);
let freshLanguages = 0;

const h100: ModelTrend = {
  gpu: 'H100_SXM5_80GB',
  lines: {
    low: [
      [END - 3 * DAY, 2.1],
      [END, 1.9],
    ],
    p25: [
      [END - 3 * DAY, 2.2],
      [END, 2.2],
    ],
    median: [
      [END - 3 * DAY, 2.5],
      [END, 2.4],
    ],
    gpus: [
      [END - 3 * DAY, 16],
      [END, 24],
    ],
  },
  rows: [
    { t: Date.UTC(2026, 10, 24), low: 2.1, p25: 2.2, median: 2.5, gpus: 16 },
    { t: Date.UTC(2026, 10, 27), low: 1.9, p25: 2.2, median: 2.4, gpus: 24.5 },
  ],
};
const empty: ModelTrend = { gpu: 'B200', lines: { low: [], p25: [], median: [], gpus: [] }, rows: [] };

const state = (over: Partial<TrendsState> = {}): TrendsState => ({
  range: 'week',
  models: ['B200', 'H100_SXM5_80GB'],
  chosen: ['H100_SXM5_80GB'],
  trends: [h100],
  from: END - 7 * DAY,
  to: END,
  latest: END,
  stepMs: DAY,
  ...over,
});

describe('webview/trends/content: the words and numbers of Market Trends', () => {
  it('names each chart with its model, range and ranges of values, and captions the table', () => {
    const [section] = trendsContent(state()).sections;
    assert.equal(section.heading, 'H100 SXM5 80GB');
    assert.equal(section.price.label, 'Price per GPU of H100 SXM5 80GB, Last 7 days: lowest 1.90 to 2.10, 25th percentile 2.20, median 2.40 to 2.50. The table below has the numbers.');
    assert.equal(section.gpus.label, 'GPUs listed of H100 SXM5 80GB, Last 7 days: 16.0 to 24.0.');
    assert.equal(section.caption, 'H100 SXM5 80GB: prices per GPU and GPUs listed, Last 7 days');
    assert.deepEqual(
      section.price.lines.map((l) => [l.metric, l.points]),
      [
        ['low', [END - 3 * DAY, 2.1, END, 1.9]],
        ['p25', [END - 3 * DAY, 2.2, END, 2.2]],
        ['median', [END - 3 * DAY, 2.5, END, 2.4]],
      ],
    );
    assert.deepEqual(section.gpus.lines, [{ metric: 'gpus', points: [END - 3 * DAY, 16, END, 24] }]);
    assert.ok(section.gpus.min <= 0 && section.gpus.max >= 24, 'GPUs from zero, reaching the value');
    assert.ok(section.price.min <= 1.9 && section.price.max >= 2.5, 'prices within the axis');
  });

  it('a model without prices in the range says so in its chart names', () => {
    const [section] = trendsContent(state({ chosen: ['B200'], trends: [empty] })).sections;
    assert.equal(section.gpus.label, 'GPUs listed of B200, Last 7 days: —.');
    assert.match(section.price.label, /lowest —, 25th percentile —, median —\./);
  });

  it('lists the table by the day or the hour, with its columns', () => {
    const content = trendsContent(state());
    assert.deepEqual(content.columns, ['Day (UTC)', 'Lowest per GPU', '25th percentile per GPU', 'Median per GPU', 'GPUs listed']);
    assert.deepEqual(content.sections[0].rows, [
      ['Nov 24, 2026', '2.10', '2.20', '2.50', '16.0'],
      ['Nov 27, 2026', '1.90', '2.20', '2.40', '24.5'],
    ]);
    const hourly = trendsContent(state({ range: 'day', stepMs: HOUR }));
    assert.equal(hourly.columns[0], 'Hour (UTC)');
    assert.deepEqual(hourly.sections[0].rows[0], ['Nov 24, 00:00', '2.10', '2.20', '2.50', '16.0']);
    assert.equal(trendColumns(DAY - 1)[0], 'Hour (UTC)');
    assert.equal(trendColumns(DAY)[0], 'Day (UTC)');
  });

  it('offers every model, its display name, and which are chosen; says when the latest list was recorded', () => {
    const content = trendsContent(state());
    assert.equal(content.title, 'Market Trends');
    assert.equal(content.range, 'week');
    assert.deepEqual(content.models, [
      { name: 'B200', label: 'B200', chosen: false },
      { name: 'H100_SXM5_80GB', label: 'H100 SXM5 80GB', chosen: true },
    ]);
    assert.equal(content.asOf, 'Latest list recorded: Nov 27, 12:00 (UTC)');
    assert.equal(trendsContent(state({ latest: undefined })).asOf, '');
  });

  it('says what to do when there is nothing to draw, and nothing once there is a day of history', () => {
    assert.equal(trendsContent(state({ chosen: [], trends: [] })).notice, 'Choose a GPU model to see its trends.');
    assert.equal(trendsContent(state({ chosen: ['B200'], trends: [empty] })).notice, 'The history has no prices of these models in this range.');
    assert.equal(trendsContent(state({ chosen: ['B200', 'H100_SXM5_80GB'], trends: [empty, h100] })).notice, '', 'one model with prices is something to see');
    assert.equal(trendsContent(state()).notice, '');
    const young: ModelTrend = { ...h100, lines: { low: [[END - 2 * HOUR, 2]], p25: [], median: [[END - 3 * HOUR, 2.2]], gpus: [] } };
    assert.equal(trendsContent(state({ trends: [young] })).notice, 'Recording since Nov 27, 09:00 (UTC): under a day of market history so far, so the charts show few points.', 'from the earliest point of any line');
    const aDay: ModelTrend = { ...h100, lines: { ...young.lines, median: [[END - DAY, 2.2]] } };
    assert.equal(trendsContent(state({ trends: [aDay] })).notice, '', 'exactly a day is no longer "under a day"');
  });

  it('each kind of date, in a display language the page has not used yet: its formats are built, not taken from the memo', () => {
    const before = getDisplayLocale();
    // A private-use tag is English with a new name: each run builds the four formats again.
    setDisplayLocale(`en-x-f${++freshLanguages}`);
    try {
      const t = Date.UTC(2026, 10, 24, 7, 5);
      assert.deepEqual([rowTime(t, DAY), rowTime(t, HOUR)], ['Nov 24, 2026', 'Nov 24, 07:05']);
      assert.deepEqual(
        timeTicks(Date.UTC(2026, 10, 27, 22), Date.UTC(2026, 10, 28, 1)).map((tick) => tick.text),
        ['22:00', '23:00', '00:00', '01:00'],
      );
      assert.deepEqual(
        timeTicks(Date.UTC(2026, 10, 20), Date.UTC(2026, 10, 27)).map((tick) => tick.text),
        ['Nov 21', 'Nov 23', 'Nov 25', 'Nov 27'],
      );
    } finally {
      setDisplayLocale(before);
    }
  });

  it('puts whole hours on the x axis over two days and whole days beyond, about five, none for an empty span', () => {
    const start = Date.UTC(2026, 10, 27, 0, 30);
    const hours = timeTicks(start, start + 10 * HOUR);
    assert.deepEqual(
      hours.map((t) => t.text),
      ['02:00', '04:00', '06:00', '08:00', '10:00'],
    );
    assert.equal(hours[0].at, Date.UTC(2026, 10, 27, 2));
    assert.deepEqual(
      timeTicks(start, start + 2 * DAY).map((t) => t.text),
      ['04:00', '14:00', '00:00', '10:00', '20:00'],
      'two days: still hours',
    );
    assert.deepEqual(
      timeTicks(Date.UTC(2026, 10, 20), Date.UTC(2026, 10, 27)).map((t) => t.text),
      ['Nov 21', 'Nov 23', 'Nov 25', 'Nov 27'],
    );
    assert.deepEqual(
      timeTicks(Date.UTC(2026, 10, 27), Date.UTC(2026, 10, 27, 3)).map((t) => t.text),
      ['00:00', '01:00', '02:00', '03:00'],
      'a tick on each end that is whole',
    );
    assert.deepEqual(timeTicks(END, END), []);
    assert.deepEqual(timeTicks(Date.UTC(2026, 10, 27, 12), Date.UTC(2026, 10, 27, 12)), [], 'no span, even on a whole hour');
    assert.deepEqual(timeTicks(END, END - HOUR), []);
  });

  it('its shell: the four ranges, the model pickers, Export CSV, and the notice and time lines', () => {
    const html = trendsShell({ nonce: 'n0nce', cspSource: 'https://webview.test', styleUris: ['https://webview.test/t.css'], scriptUri: 'https://webview.test/t.js' });
    assert.match(html, /<title>Market Trends<\/title>/);
    assert.deepEqual(
      [...html.matchAll(/<label><input type="radio" name="range" value="(\w+)"> ([^<]+)<\/label>/g)].map((m) => [m[1], m[2]]),
      [
        ['day', 'Last 24 hours'],
        ['week', 'Last 7 days'],
        ['month', 'Last 30 days'],
        ['all', 'All recorded'],
      ],
    );
    assert.match(html, /<legend>Range<\/legend>/);
    assert.match(html, /<fieldset id="models">\s*<legend>GPU models \(up to 8\)<\/legend>/);
    assert.match(html, /<button id="export-csv" type="button">Export CSV<\/button>/);
    assert.match(html, /<p id="notice" class="notice" role="status" hidden><\/p>/);
    assert.match(html, /<p id="as-of" class="meta" hidden><\/p>/);
  });
});
