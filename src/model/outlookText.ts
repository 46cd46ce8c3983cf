// The outlook (outlook.ts) in words: one line for the filter box, the
// Machines view and a watch ("typical 14.20–15.80/GPU · now 13.90, low ·
// appears about every 14 h"), the words of an alert ("13.90 is low for this
// watch: typical 14.20–15.80"), and labelled lines for the command line and
// the chat tools. What the record cannot carry is said as what it has
// ("3 days recorded: too little to call a typical price"), never guessed. Pure.
import * as l10n from '@vscode/l10n';
import { formatInteger, formatOneDecimal, formatPricePerGpu, getDisplayLocale } from './format';
import { levelOf, type Outlook, type OutlookLevel } from './outlook';

/** "low", "typical", "high". */
export function outlookLevelWord(level: OutlookLevel): string {
  switch (level) {
    case 'low':
      return l10n.t({ message: 'low', comment: ['Where a price sits against its typical range, as in "now 13.90, low".'] });
    case 'typical':
      return l10n.t({ message: 'typical', comment: ['Where a price sits against its typical range, as in "now 14.90, typical".'] });
    case 'high':
      return l10n.t({ message: 'high', comment: ['Where a price sits against its typical range, as in "now 16.90, high".'] });
  }
}

/** "14 h", "3 days": a span of hours, rounded as far as a person needs. */
export function outlookSpan(hours: number, locale = getDisplayLocale()): string {
  if (hours >= 48) {
    const days = Math.round((hours / 24) * 10) / 10;
    return l10n.t('{0} days', Number.isInteger(days) ? formatInteger(days, locale) : formatOneDecimal(days, locale));
  }
  if (hours >= 10) return l10n.t('{0} h', formatInteger(Math.round(hours), locale));
  if (hours >= 1) return l10n.t('{0} h', formatOneDecimal(hours, locale));
  return l10n.t('{0} min', formatInteger(Math.max(1, Math.round(hours * 60)), locale));
}

/** "14.20–15.80". */
function band(typical: { low: number; high: number }, locale: string): string {
  return `${formatPricePerGpu(typical.low, locale)}–${formatPricePerGpu(typical.high, locale)}`;
}

/** How much is recorded, when it is too little for a typical price. */
function tooFewDays(o: Outlook): string {
  if (o.recordedDays === 0) return l10n.t('less than a day recorded: too little to call a typical price');
  return o.recordedDays === 1 ? l10n.t('1 day recorded: too little to call a typical price') : l10n.t('{0} days recorded: too little to call a typical price', o.recordedDays);
}

/** The price part: the typical band, or why there is none. */
export function outlookPriceWords(o: Outlook, locale = getDisplayLocale()): string {
  if (o.price.typical) return l10n.t('typical {0}/GPU', band(o.price.typical, locale));
  if (o.flags.fewDays) return tooFewDays(o);
  return l10n.t('matches on {0} of {1} days: too few to call a typical price', o.price.daily.length, o.recordedDays);
}

/** The now part: the best price of the matches now and where it sits. */
export function outlookNowWords(o: Outlook, locale = getDisplayLocale()): string {
  if (o.price.now === undefined) return l10n.t('none listed now');
  const price = formatPricePerGpu(o.price.now, locale);
  return o.price.level ? l10n.t('now {0}, {1}', price, outlookLevelWord(o.price.level)) : l10n.t('now {0}', price);
}

/** The supply part: how often matches appear, or how often they did. */
export function outlookSupplyWords(o: Outlook, locale = getDisplayLocale()): string {
  if (o.supply.everyHours !== undefined) return l10n.t('appears about every {0}', outlookSpan(o.supply.everyHours, locale));
  const span = o.recordedDays === 1 ? l10n.t('1 day') : o.recordedDays === 0 ? l10n.t('less than a day') : l10n.t('{0} days', formatInteger(o.recordedDays, locale));
  if (o.supply.window === 0) return l10n.t('none appeared in {0}', span);
  return o.supply.window === 1 ? l10n.t('appeared once in {0}', span) : l10n.t('appeared {0} times in {1}', o.supply.window, span);
}

/** The one line: `typical 14.20–15.80/GPU · now 13.90, low · appears about every 14 h`. */
export function outlookLine(o: Outlook, locale = getDisplayLocale()): string {
  return [outlookPriceWords(o, locale), outlookNowWords(o, locale), outlookSupplyWords(o, locale)].join(' · ');
}

/**
 * The one line of a filter some of whose fields the record does not keep (`listed_hours`, `below_median`, …):
 * the outlook is of the rest, and the line says which it left out ("… · listed_hours left out").
 */
export function outlookLineLeavingOut(o: Outlook, ignored: readonly string[], locale = getDisplayLocale()): string {
  const line = outlookLine(o, locale);
  return ignored.length ? l10n.t('{0} · {1} left out', line, ignored.join(', ')) : line;
}

/**
 * The words of a watch's alert about a price per GPU: "13.90 is low for this
 * watch: typical 14.20–15.80"; '' without a typical price. The band is of the
 * watch's filter without the fields the record does not keep (`ignored`), and
 * then says so.
 */
export function outlookAlertWords(o: Outlook, perGpu: number, locale = getDisplayLocale(), ignored: readonly string[] = []): string {
  const level = levelOf(perGpu, o.price.typical);
  if (!level || !o.price.typical) return '';
  const price = formatPricePerGpu(perGpu, locale);
  if (ignored.length) return l10n.t('{0} is {1} for this watch ({2} left out): typical {3}', price, outlookLevelWord(level), ignored.join(', '), band(o.price.typical, locale));
  return l10n.t('{0} is {1} for this watch: typical {2}', price, outlookLevelWord(level), band(o.price.typical, locale));
}

/** On how many days of the window one came: "a match cheaper than 13.90 appeared on 3 of the last 30 days" (a window of one day: whether it did). */
function seenWords(o: Outlook, locale: string): string {
  const w = o.waiting;
  if (w.for === 'any') {
    if (o.days === 1) return w.days > 0 ? l10n.t('a match appeared in the last day') : l10n.t('no match appeared in the last day');
    return l10n.t('a match appeared on {0}', l10n.t('{0} of the last {1} days', w.days, o.days));
  }
  const price = formatPricePerGpu(o.price.now!, locale);
  if (o.days === 1) return w.days > 0 ? l10n.t('a match cheaper than {0} appeared in the last day', price) : l10n.t('no match cheaper than {0} appeared in the last day', price);
  return l10n.t('a match cheaper than {0} appeared on {1}', price, l10n.t('{0} of the last {1} days', w.days, o.days));
}

/** The waiting part, said as a record: how often something cheaper (or anything) turned up, and the median wait for it. */
export function outlookWaitingWords(o: Outlook, locale = getDisplayLocale()): string {
  const w = o.waiting;
  const seen = seenWords(o, locale);
  if (w.medianHours === undefined) return o.recordedDays === 0 ? seen : l10n.t('{0}; from a random moment of the record, over half waited longer than the record runs', seen);
  if (w.medianHours === 0) return l10n.t('{0}; at half the moments of the record or more, one was listed', seen);
  return l10n.t('{0}; from a random moment of the record, the median wait was {1}', seen, outlookSpan(w.medianHours, locale));
}

/** "once", "4 times". */
function times(count: number, locale: string): string {
  return count === 1 ? l10n.t('once') : l10n.t('{0} times', formatInteger(count, locale));
}

/** How much of the window the record covers: "12.5 days of the last 30" (a window of one day: in hours). */
function recordedWords(o: Outlook, locale: string): string {
  if (o.days === 1) return l10n.t('{0} h of the last 24 h', formatOneDecimal(o.recordedHours, locale));
  return o.recordedDays === 1 ? l10n.t('1 day of the last {0}', o.days) : l10n.t('{0} days of the last {1}', formatOneDecimal(o.recordedHours / 24, locale), o.days);
}

/** How often matches appeared: in the last 7 days and in the window (once for a window of a week). */
function appearedWords(o: Outlook, locale: string): string {
  const s = o.supply;
  const span = o.days === 1 ? l10n.t('1 day') : l10n.t('{0} days', formatInteger(o.days, locale));
  if (o.days === 7) return l10n.t('{0} in {1}; {2}', times(s.window, locale), span, outlookSupplyWords(o, locale));
  return l10n.t('{0} in 7 days, {1} in {2}; {3}', times(s.week, locale), times(s.window, locale), span, outlookSupplyWords(o, locale));
}

/** Labelled lines for the command line and the chat tools. */
export function outlookLines(o: Outlook, locale = getDisplayLocale()): { label: string; value: string }[] {
  const s = o.supply;
  return [
    { label: l10n.t('Recorded'), value: recordedWords(o, locale) },
    { label: l10n.t('Appeared'), value: appearedWords(o, locale) },
    { label: l10n.t('Stayed listed'), value: s.listedHours ? l10n.t('median {0} (quartiles {1}–{2})', outlookSpan(s.listedHours.median, locale), outlookSpan(s.listedHours.q1, locale), outlookSpan(s.listedHours.q3, locale)) : l10n.t('too few ended listings to say') },
    { label: l10n.t('Matching now'), value: formatInteger(s.now, locale) },
    { label: l10n.t('Price per GPU'), value: `${outlookPriceWords(o, locale)} · ${outlookNowWords(o, locale)}` },
    { label: l10n.t('Waiting'), value: outlookWaitingWords(o, locale) },
  ];
}
