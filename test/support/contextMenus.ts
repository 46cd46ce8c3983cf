// What a tree row's context menu offers: package.json's `view/item/context`
// entries evaluated as VS Code evaluates their `when` clauses, for the three
// ways a row is right-clicked. Shared by the unit test (the manifest file) and
// the integration test (the manifest as VS Code loaded it, and the commands run
// with the arguments VS Code passes).

export interface MenuEntry {
  command: string;
  when?: string;
  group?: string;
}

type Context = Record<string, string | boolean>;

/**
 * How a row is right-clicked. VS Code's tree sets `listMultiSelection` from the
 * list's selection, which a right-click does not change; it runs the command
 * with (the row, the selection when it holds the row, else just the row).
 */
export const RIGHT_CLICKS = [
  { name: 'a row alone', multi: false, inSelection: true },
  { name: 'a row of a multi-selection', multi: true, inSelection: true },
  { name: 'a row outside a multi-selection of two others', multi: true, inSelection: false },
] as const;

export type RightClick = (typeof RIGHT_CLICKS)[number];

export function rowContext(view: string, viewItem: string, click: RightClick): Context {
  return { view, viewItem, listMultiSelection: click.multi };
}

/** The context menu (not the inline buttons) a row gets. */
export function contextMenu(entries: readonly MenuEntry[], context: Context): string[] {
  return entries.filter((e) => !e.group?.startsWith('inline') && (!e.when || evaluateWhen(e.when, context))).map((e) => e.command);
}

/** `a == b`, `a != b`, `!a`, `a`, joined by `&&` and `||` (no parentheses: the manifest uses none). */
export function evaluateWhen(when: string, context: Context): boolean {
  if (when.includes('(')) throw new Error(`parentheses are not supported: ${when}`);
  return when.split('||').some((alternative) => alternative.split('&&').every((term) => evaluateTerm(term.trim(), context)));
}

function evaluateTerm(term: string, context: Context): boolean {
  const comparison = /^([\w.]+)\s*(==|!=)\s*([\w.-]+)$/.exec(term);
  if (comparison) {
    const equal = String(context[comparison[1]] ?? '') === comparison[3];
    return comparison[2] === '==' ? equal : !equal;
  }
  const key = /^(!?)([\w.]+)$/.exec(term);
  if (!key) throw new Error(`unsupported when term: ${term}`);
  return key[1] === '!' ? !context[key[2]] : !!context[key[2]];
}

/** What each row's menu must offer, whatever else is selected, and what only a multi-selection adds. */
export const ALWAYS_OFFERED: Record<string, { view: string; viewItem: string; commands: string[]; withMultiSelection: string[]; when?: Context }> = {
  // Before machine: its when clauses name \`viewItem == machineGroup\`, which holds \`viewItem == machine\`.
  machineGroup: {
    view: 'gpuRental.machines',
    viewItem: 'machineGroup',
    commands: ['gpuRental.showTrends'],
    withMultiSelection: [],
    // A GPU model's group: grouped by GPU model.
    when: { 'gpuRental.machines.groupBy': 'gpu' },
  },
  machine: {
    view: 'gpuRental.machines',
    viewItem: 'machine',
    commands: ['gpuRental.showMachineDetails', 'gpuRental.copyNodeId', 'gpuRental.copyAs'],
    withMultiSelection: ['gpuRental.compareMachines'],
  },
  template: {
    view: 'gpuRental.templates',
    viewItem: 'template',
    commands: ['gpuRental.showTemplateDetails', 'gpuRental.copyTemplateId', 'gpuRental.copyTemplateJson', 'gpuRental.copyAs', 'gpuRental.copyImageReference'],
    withMultiSelection: [],
  },
};
