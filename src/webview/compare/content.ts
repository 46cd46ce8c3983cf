// The compare page: its shell (toolbar and an empty table, rendered once) and
// its content, which the page builds its table from with textContent (./page.ts),
// on opening and after every change. Pure.
import * as l10n from '@vscode/l10n';
import type { Machine } from '../../api/types';
import { compareFields, compareMachines, compareTitle, type CompareInput } from '../../model/compare';
import type { Job } from '../../model/jobCost';
import { jobCompareFields } from '../../model/jobRows';
import { escapeHtml, stripControls } from '../../model/escape';
import { machineTitle } from '../../model/machines';
import { asOfText, pageHtml, staleNotice, statusParagraph, type ShellFrame } from '../frame';
import type { CompareContent, CompareLabels } from './protocol';

export interface CompareState {
  columns: readonly (CompareInput & { nodeId: string })[];
  fetchedAt?: Date;
  stale?: boolean;
  /** The job set in Find Machines for a Model…: its time and cost rows follow the price rows. */
  job?: Job;
}

export function noLongerListed(): string {
  return l10n.t('No longer listed');
}

/** The page's fixed words; ./page.ts uses them when it rebuilds the table. */
export function compareLabels(): CompareLabels {
  return {
    field: l10n.t('Field'),
    best: l10n.t({ message: 'best', comment: ['Read by screen readers after the best value of a row in Compare Machines.'] }),
    copyNodeId: l10n.t('Copy Node ID'),
    showDetails: l10n.t('Show Details'),
    remove: l10n.t('Remove'),
  };
}

export function compareContent(state: CompareState): CompareContent {
  const fields = [...compareFields()];
  if (state.job) fields.splice(fields.findIndex((f) => f.key === 'price_per_gpu') + 1, 0, ...jobCompareFields(state.job));
  const rows = compareMachines(state.columns, fields);
  const anyMissing = state.columns.some((c) => c.missing);
  return {
    title: compareTitle(state.columns.length),
    columns: state.columns.map((c) => ({
      title: stripControls(machineTitle(c.machine)),
      nodeId: stripControls(c.nodeId),
      status: c.missing ? noLongerListed() : '',
      removeLabel: l10n.t('Remove {0} from the comparison', stripControls(machineTitle(c.machine))),
    })),
    rows: rows.map((row) => ({
      key: row.key,
      label: row.label,
      same: row.same,
      cells: row.cells.map((cell) => ({
        text: stripControls(cell.text),
        best: cell.best,
        changed: cell.was === undefined ? '' : stripControls(l10n.t('Changed since the comparison opened; it was {0}', cell.was)),
      })),
    })),
    notice: state.stale
      ? staleNotice()
      : anyMissing
        ? l10n.t('Machines marked "{0}" are gone from the service\'s list; their columns show the last values seen and are never marked best.', noLongerListed())
        : '',
    asOf: asOfText(state.fetchedAt),
    labels: compareLabels(),
  };
}

/** The page's HTML: an empty table, which the page builds from each content (./page.ts). */
export function compareShell(frame: ShellFrame): string {
  const text = escapeHtml;
  const main = `    <header>
      <h1 id="title"></h1>
      <div class="toolbar">
        <label><input type="checkbox" id="only-differences"> ${text(l10n.t('Only differences'))}</label>
        <span class="legend"><span class="icon-best" aria-hidden="true"></span> ${text(l10n.t('best value in the row'))} · <span class="icon-changed" aria-hidden="true"></span> ${text(l10n.t('changed since the comparison opened'))}</span>
        <span id="status" class="status" role="status" aria-live="polite"></span>
      </div>
      ${statusParagraph('notice', 'notice', '', 'status')}
    </header>
    <div class="scroller">
      <table id="compare">
        <caption>${text(l10n.t('Machines side by side'))}</caption>
      </table>
    </div>
    ${statusParagraph('as-of', 'meta', '')}`;
  return pageHtml({ ...frame, title: l10n.t('Machines side by side') }, main);
}

/**
 * A comparison brought back after a reload, before its machines are known:
 * an empty table and why (the list is loading, or none of them is in it).
 */
export function compareWithoutMachines(count: number, listed: boolean): CompareContent {
  return {
    title: compareTitle(count),
    columns: [],
    rows: [],
    notice: listed ? l10n.t('None of these machines is in the list of available machines.') : l10n.t('Waiting for the list of machines…'),
    asOf: '',
    labels: compareLabels(),
  };
}

/** The inputs for machines as they are now (baseline: themselves). */
export function freshColumns(machines: readonly Machine[]): CompareState['columns'] {
  return machines.map((machine) => ({ machine, baseline: machine, missing: false, nodeId: machine.node_name }));
}
