// The machine details page: its shell (rendered once, when the panel opens)
// and its content (sent as a message, then on every refresh). Pure: the shell
// holds our own words only, so nothing from the service is ever markup; the
// content is plain text with control characters removed, which the page
// writes with textContent.
import * as l10n from '@vscode/l10n';
import type { Machine } from '../../api/types';
import { escapeHtml, stripControls } from '../../model/escape';
import { displayName } from '../../model/format';
import { detailFields, fieldLabels, machineDetails, machineTitle } from '../../model/machines';
import { listedFor, listedSince, medianPlace, trendLabel, trendWords, weekLines, type ListingFacts, type WeekFacts } from '../../model/historyText';
import { asOfText, fieldTable, pageHtml, staleNotice, statusParagraph, type ShellFrame } from '../frame';
import { estimateJob, type Job } from '../../model/jobCost';
import { jobHeading, jobRows } from '../../model/jobRows';
import type { DetailsContent, DetailsHistory } from './protocol';

export interface DetailsState {
  machine: Machine;
  fetchedAt?: Date;
  /** Set when the machine was not in the latest listing. */
  missing?: boolean;
  stale?: boolean;
  /** What the market history knows (absent: the page shows no history section). */
  history?: { week: WeekFacts | undefined; listing: ListingFacts | undefined; lowestNow: number };
  /** The job set in Find Machines for a Model… (absent: no job section). */
  job?: Job;
}

/** The page's text for a machine, control characters removed; the page writes it with textContent. */
export function detailsContent(state: DetailsState): DetailsContent {
  const values: Record<string, string> = {};
  for (const row of machineDetails(state.machine)) {
    values[row.field] = stripControls(row.value);
  }
  return {
    title: stripControls(machineTitle(state.machine)),
    nodeId: stripControls(state.machine.node_name),
    values,
    notice: state.missing ? l10n.t('This machine is no longer in the list of available machines. The values below are the last ones seen.') : state.stale ? staleNotice() : '',
    asOf: asOfText(state.fetchedAt),
    ...(state.history ? { history: historyContent(state.machine, state.history) } : {}),
    ...(state.job ? { job: { heading: stripControls(jobHeading(state.job)), rows: jobRows(state.job, estimateJob(state.job, state.machine)).map((row) => ({ label: stripControls(row.label), value: stripControls(row.value) })) } } : {}),
  };
}

/** The history section: the model's week (lowest now, 7-day low and median, the trend in words), this machine's place in it, since when it is listed. */
export function historyContent(machine: Machine, history: NonNullable<DetailsState['history']>): DetailsHistory {
  const rows = weekLines(history.week, history.lowestNow).filter((row) => row.label !== trendLabel());
  const place = medianPlace(machine, history.week);
  if (place) rows.push({ label: l10n.t('This machine'), value: place });
  const listed = listedFor(history.listing);
  if (listed) rows.push({ label: l10n.t('Listed'), value: [listed, listedSince(history.listing)].filter(Boolean).join(', ') });
  const trend = history.week?.trend ?? [];
  return {
    heading: stripControls(l10n.t('Market history of {0}', displayName(machine.gpu_name))),
    rows: rows.map((row) => ({ label: stripControls(row.label), value: stripControls(row.value) })),
    trend: trend.map((v) => (Number.isFinite(v) ? v : null)),
    trendText: trendWords(trend) ? l10n.t('{0}: {1}', trendLabel(), trendWords(trend)) : '',
  };
}

/**
 * The editor tab's title: the machine's, then the start of its node ID (as a short commit hash), so that
 * the tabs of two machines alike ("8× H100 SXM5 80GB") can be told apart. Without a machine, the node ID.
 */
export function detailsTabTitle(content: DetailsContent): string {
  const id = [...content.nodeId];
  if (content.title === content.nodeId || id.length === 0) return content.title;
  return `${content.title} · ${id.length > 12 ? id.slice(0, 8).join('') : content.nodeId}`;
}

/**
 * A panel brought back after a reload, before its machine is known: the node
 * ID and why there is nothing else yet (the list is loading, or the machine is
 * not in it).
 */
export function detailsWithoutMachine(nodeName: string, listed: boolean): DetailsContent {
  return {
    title: stripControls(nodeName),
    nodeId: stripControls(nodeName),
    values: {},
    notice: listed ? l10n.t('This machine is not in the list of available machines.') : l10n.t('Waiting for the list of machines…'),
    asOf: '',
  };
}

/** The trend chart's drawing area (the page scales the values into it). */
export const TREND_WIDTH = 280;
export const TREND_HEIGHT = 56;

/** The page's HTML: a table with one empty cell per field, filled by the content. */
export function detailsShell(frame: ShellFrame): string {
  const text = escapeHtml;
  const labels = fieldLabels();
  const rows = detailFields()
    .map((field) => `<tr><th scope="row">${text(labels[field])}</th><td data-field="${field}"></td></tr>`)
    .join('\n        ');
  const main = `    <header>
      <h1 id="title"></h1>
      <div class="node">
        <code id="node-id"></code>
        <button id="copy-node-id" type="button">${text(l10n.t('Copy Node ID'))}</button>
        <span id="copy-status" class="copy-status" role="status" aria-live="polite"></span>
      </div>
      ${statusParagraph('notice', 'notice', '', 'status')}
    </header>
    <section id="job" aria-labelledby="job-heading" hidden>
      <h2 id="job-heading"></h2>
      <table>
        <tbody id="job-rows"></tbody>
      </table>
    </section>
    ${fieldTable(l10n.t('Machine details'), rows)}
    <section id="history" aria-labelledby="history-heading" hidden>
      <h2 id="history-heading"></h2>
      <table>
        <tbody id="history-rows"></tbody>
      </table>
      <figure id="trend-figure" hidden>
        <svg id="trend" role="img" viewBox="0 0 ${TREND_WIDTH} ${TREND_HEIGHT}" preserveAspectRatio="none" focusable="false"><path id="trend-line"></path></svg>
        <figcaption id="trend-caption"></figcaption>
      </figure>
    </section>
    ${statusParagraph('as-of', 'meta', '')}`;
  return pageHtml({ ...frame, title: l10n.t('Machine details') }, main);
}
