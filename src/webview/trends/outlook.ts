// The Market Trends panel's outlook section (issue 36): the Machines view's
// filter, its outlook in one line, a chart of its best price per GPU a day
// with the typical band (25th–75th percentile) shaded behind it, a chart of
// its appearances a day, and a table of the same numbers. Without a filter
// there is no section; without a history, or days of it, one sentence says
// why. Pure, like content.ts: plain text and numbers the page writes as text.
import * as l10n from '@vscode/l10n';
import { formatInteger, formatPricePerGpu } from '../../model/format';
import { stripControls } from '../../model/escape';
import { levelOf, type Outlook } from '../../model/outlook';
import { outlookLevelWord, outlookLineLeavingOut } from '../../model/outlookText';
import { valueAxis } from './axes';
import { chart, rowTime } from './content';
import type { TrendsOutlook } from './protocol';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What the market answered for the filter: its outlook, or why there is none. */
export type OutlookFor = { outlook: Outlook; ignored?: readonly string[] } | { error: 'off' } | { error: 'empty' } | { error: 'parse'; message: string };

function words(filter: string, line: string): TrendsOutlook {
  return { heading: l10n.t('Outlook for {0}', filter), line, legend: [], caption: '', columns: [], rows: [] };
}

/** Why a filter has no outlook, in a sentence. */
function whyNone(answer: Exclude<OutlookFor, { outlook: Outlook }>): string {
  switch (answer.error) {
    case 'off':
      return l10n.t('The market history is off here, so this filter has no outlook.');
    case 'empty':
      return l10n.t('The market history has recorded no list yet, so this filter has no outlook.');
    case 'parse':
      return l10n.t('The filter cannot be read, so it has no outlook: {0}', stripControls(answer.message));
  }
}

/** The section for the filter's text and the market's answer; undefined without a filter (or an answer). */
export function outlookContent(filterText: string, answer: OutlookFor | undefined): TrendsOutlook | undefined {
  const filter = stripControls(filterText).trim();
  if (!filter || !answer) return undefined;
  if ('error' in answer) {
    return words(filter, whyNone(answer));
  }
  const o = answer.outlook;
  const line = outlookLineLeavingOut(o, answer.ignored ?? []);
  if (o.recordedHours <= 0 || (o.price.daily.length === 0 && o.supply.daily.length === 0)) {
    return words(filter, l10n.t('The market history has no day of this filter yet: {0}', line));
  }
  // From the first recorded day: days before the history began would be an empty stretch under a typical band.
  const first = Math.min(o.price.daily[0]?.day ?? Infinity, o.supply.daily[0]?.day ?? Infinity);
  const range = { from: Math.max(o.latest - o.days * DAY_MS, Number.isFinite(first) ? first : -Infinity), to: o.latest };
  const typical = o.price.typical;
  const bests = o.price.daily.map((d) => d.best);
  const priceAxis = valueAxis([...bests, ...(typical ? [typical.low, typical.high] : [])]);
  const lowest = bests.length > 0 ? Math.min(...bests) : undefined;
  const highest = bests.length > 0 ? Math.max(...bests) : undefined;
  const bestSpan = lowest === undefined ? '—' : lowest === highest ? formatPricePerGpu(lowest) : l10n.t('{0} to {1}', formatPricePerGpu(lowest), formatPricePerGpu(highest!));
  const typicalWords = typical ? l10n.t('typical {0} to {1}, shaded', formatPricePerGpu(typical.low), formatPricePerGpu(typical.high)) : l10n.t('too few days to call a typical price');
  const appeared = o.supply.daily.map((d) => d.appeared);
  const total = appeared.reduce((a, b) => a + b, 0);
  const most = appeared.length > 0 ? Math.max(...appeared) : 0;
  // A day's marks sit at its middle; its bar spans it.
  const price = chart(
    l10n.t('Best price per GPU a day of {0}, last {1} days: {2}; {3}. The table below has the numbers.', filter, o.days, bestSpan, typicalWords),
    range,
    [{ metric: 'best', points: o.price.daily.flatMap((d) => [d.day + DAY_MS / 2, d.best]) }],
    priceAxis,
    formatPricePerGpu,
  );
  if (typical) price.band = { low: typical.low, high: typical.high };
  const supply = chart(
    l10n.t('Appearances a day of {0}, last {1} days: {2} in all, at most {3} a day. The table below has the numbers.', filter, o.days, formatInteger(total), formatInteger(most)),
    range,
    [{ metric: 'appeared', points: o.supply.daily.flatMap((d) => [d.day, d.appeared]), barMs: DAY_MS }],
    // Whole appearances: no tick at 1.5.
    valueAxis(appeared, { fromZero: true, count: Math.min(4, Math.max(1, most)) }),
    (v) => formatInteger(v),
  );
  // One row a day that has either number, newest first as the eye reads back from now.
  const days = new Map<number, { best?: number; appeared?: number }>();
  for (const d of o.price.daily) days.set(d.day, { best: d.best });
  for (const d of o.supply.daily) days.set(d.day, { ...days.get(d.day), appeared: d.appeared });
  const rows = [...days.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([day, d]) => {
      const level = d.best === undefined ? undefined : levelOf(d.best, typical);
      return [rowTime(day, HOUR_MS), d.best === undefined ? '—' : formatPricePerGpu(d.best), level ? outlookLevelWord(level) : '—', d.appeared === undefined ? '—' : formatInteger(d.appeared)];
    });
  return {
    // The period in the heading: the range chosen above is the models' charts', not this section's.
    heading: l10n.t('Outlook for {0}, last {1} days', filter, o.days),
    line,
    price,
    supply,
    legend: [l10n.t('Best per GPU a day'), l10n.t('Typical (25th–75th percentile)'), l10n.t('Appeared')],
    caption: l10n.t('{0}: best price per GPU and appearances a day, last {1} days', filter, o.days),
    // The day (24 hours from a time, back from the latest list), its best price, where it sits and its appearances.
    columns: [l10n.t('24 hours from (UTC)'), l10n.t('Best per GPU'), l10n.t('Against typical'), l10n.t('Appeared')],
    rows,
  };
}
