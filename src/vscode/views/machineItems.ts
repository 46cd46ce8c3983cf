// The Machines view's rows, as VS Code tree items: a group, a machine, the
// "Show more" row and a near miss, and the tooltips a hover builds (a
// machine's fields and what the market history says of it; a GPU model's
// week). Every value is escaped and every tooltip untrusted Markdown.
import * as vscode from 'vscode';
import type { Machine } from '../../api/types';
import { arrangedGroupDescription } from '../../model/arrange';
import { showMoreMachines } from '../../model/countText';
import { escapeMarkdownCell } from '../../model/escape';
import { formatInteger } from '../../model/format';
import { machineDetails, machineSummary, machineTitle } from '../../model/machines';
import { medianMark, medianMarkWords, sparkline, trendLabel, weekLines, type WeekFacts } from '../../model/historyText';
import { estimateJob, type Job } from '../../model/jobCost';
import { describeJob, estimateParts, jobRowText } from '../../model/jobText';
import { describeNearMiss, type NearMiss } from '../../model/nearMiss';
import { printQuery } from '../../model/query';
import type { GroupSummary } from '../../market/protocol';

/** The last row of a group that shows only a slice: "Show 200 more… (11,565 left)", below `shown` machines. */
export type MoreNode = { kind: 'more'; groupKey: string; shown: number; next: number; left: number };

export function moreItem(node: MoreNode): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('Show {0} more…', formatInteger(node.next)), vscode.TreeItemCollapsibleState.None);
  item.id = `more:${node.groupKey}`;
  item.description = vscode.l10n.t('({0} left)', formatInteger(node.left));
  item.contextValue = 'showMore';
  item.iconPath = new vscode.ThemeIcon('ellipsis');
  item.accessibilityInformation = { label: showMoreMachines(node.next, node.left) };
  item.command = { command: 'gpuRental.machines.showMore', title: vscode.l10n.t('Show More'), arguments: [node] };
  return item;
}

export function nearMissItem(miss: NearMiss): vscode.TreeItem {
  const query = printQuery(miss.query);
  const item = new vscode.TreeItem(describeNearMiss(miss), vscode.TreeItemCollapsibleState.None);
  item.id = `nearMiss:${miss.index}:${query}`;
  item.contextValue = 'nearMiss';
  item.iconPath = new vscode.ThemeIcon('lightbulb');
  item.tooltip = vscode.l10n.t('Filter by {0}', query);
  item.command = { command: 'gpuRental.machines.applyQuery', title: vscode.l10n.t('Apply Filter'), arguments: [query] };
  return item;
}

export function groupItem(group: GroupSummary): vscode.TreeItem {
  const item = new vscode.TreeItem(group.label, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `group:${group.key}`;
  item.description = arrangedGroupDescription(group);
  item.contextValue = 'machineGroup';
  item.iconPath = new vscode.ThemeIcon('circuit-board');
  item.accessibilityInformation = { label: `${group.label}, ${item.description}` };
  return item;
}

/**
 * A machine's row; `below` is how far its price per GPU is below its model's
 * 7-day median (marked when well off it: see WELL_OFF_MEDIAN). While a job is
 * set the row starts with its time and cost: "≈ 3.1 h · ≈ 46.50".
 */
export function machineItem(machine: Machine, isNew: boolean, below: number, job?: Job): vscode.TreeItem {
  const item = new vscode.TreeItem(machineTitle(machine), vscode.TreeItemCollapsibleState.None);
  item.id = `machine:${machine.node_name}`;
  const mark = medianMark(below);
  const fields = job ? `${jobRowText(estimateJob(job, machine))} · ${machineSummary(machine)}` : machineSummary(machine);
  const summary = mark ? `${fields} · ${mark}` : fields;
  item.description = isNew ? vscode.l10n.t('new · {0}', summary) : summary;
  item.contextValue = 'machine';
  item.iconPath = new vscode.ThemeIcon('vm');
  const words = medianMarkWords(below);
  const spoken = words ? `${fields}, ${words}` : fields;
  item.accessibilityInformation = { label: isNew ? vscode.l10n.t('new, {0}, {1}', machineTitle(machine), spoken) : `${machineTitle(machine)}, ${spoken}` };
  item.command = { command: 'gpuRental.showMachineDetails', title: vscode.l10n.t('Show Machine Details'), arguments: [{ kind: 'machine', machine }] };
  return item;
}

/** Text as untrusted Markdown: no links, HTML or commands run. */
export function untrusted(text: string): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(text);
  markdown.isTrusted = false;
  markdown.supportHtml = false;
  return markdown;
}

/**
 * A compact table of every field, then what the market history says of it
 * (`place`: its price against its model's 7-day median and since when it is
 * listed, model/historyText.ts pricePlace). Data is escaped and the Markdown is
 * untrusted: no links or HTML run.
 */
export function machineTooltip(machine: Machine, place?: string, job?: Job): vscode.MarkdownString {
  const lines = fieldTable(machineDetails(machine).map((row) => [row.label, row.value]));
  if (place) lines.push('', `**${escapeMarkdownCell(vscode.l10n.t('Market history'))}**: ${escapeMarkdownCell(place)}`);
  if (job) lines.push('', ...jobLines(machine, job));
  return untrusted(lines.join('\n'));
}

/** A "Field | Value" table of these rows, every cell escaped. */
export function fieldTable(rows: [string, string][]): string[] {
  const row = (cells: [string, string]) => `| ${escapeMarkdownCell(cells[0])} | ${escapeMarkdownCell(cells[1])} |`;
  return [row([vscode.l10n.t('Field'), vscode.l10n.t('Value')]), '|:--|:--|', ...rows.map(row)];
}

/** The job's estimate for the tooltip: the job, then each part it rests on (or why there is none). */
function jobLines(machine: Machine, job: Job): string[] {
  const result = estimateJob(job, machine);
  const title = `**${escapeMarkdownCell(vscode.l10n.t('Job: {0}', describeJob(job)))}**`;
  if (!result.ok) return [title, '', escapeMarkdownCell(vscode.l10n.t('No estimate: the GPU {0} is not in the throughput table.', result.gpuName))];
  return [title, '', ...estimateParts(job, result.estimate).map((part) => `- ${escapeMarkdownCell(part)}`)];
}

/** A GPU model's group: its lowest price per GPU now, its 7-day low and median, and the trend of its lowest price per GPU as a line of blocks. */
export function groupTooltip(group: Pick<GroupSummary, 'label'>, week: WeekFacts | undefined, lowestNow: number): vscode.MarkdownString {
  const lines = [`**${escapeMarkdownCell(group.label)}**`];
  for (const { label, value } of weekLines(week, lowestNow)) {
    const line = label === trendLabel() && week ? `${sparkline(week.trend)} ${value}` : value;
    lines.push(`${escapeMarkdownCell(label)}: ${escapeMarkdownCell(line)}`);
  }
  return untrusted(lines.join('\n\n'));
}
