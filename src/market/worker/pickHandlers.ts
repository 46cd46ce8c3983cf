// The commands' requests: the machines a quick pick offers as the person
// types (a slice, never the whole list), the order of a few machines in the
// view, and the filter box's suggestions (the values per field, once per
// snapshot). Spread into the server's handler table.
import type { CancellationToken } from 'vscode-jsonrpc';
import type { Machine } from '../../api/types';
import { firstInGroups, firstMatchingInGroups, groupKeyOf } from '../../model/arrange';
import { machinePickText } from '../../model/machines';
import type { MarketFacts } from '../../model/historyText';
import { compileQuery, isEmptyQuery, parseQuery, type MachineHistory } from '../../model/query';
import { marketSummary, type MarketSummary } from '../../model/query/summary';
import type { Market } from '../market';
import type { Handlers, MachineAsk } from '../protocol';
import { eachInTurns } from '../turns';
import type { MachineView } from '../views';

/** How a typed text matches a quick pick row: case-insensitive within one of its texts, `*` for anything (as VS Code's quick pick does, less its camel-case matches). */
export function pickMatcher(text: string): (fields: readonly string[]) => boolean {
  const words = text.trim().toLowerCase().split('*').filter((w) => w !== '');
  if (words.length === 0) return () => true;
  return (fields) =>
    fields.some((field) => {
      let at = 0;
      for (const word of words) {
        const found = field.indexOf(word, at);
        if (found < 0) return false;
        at = found + word.length;
      }
      return true;
    });
}

/** The view a request asks for: its filter's text parsed (a mistake fails the request), filtered a slice per turn. */
export function askedView(market: Market, ask: MachineAsk, history: MachineHistory | undefined, token: CancellationToken): Promise<MachineView> {
  const parsed = parseQuery(ask.filter);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return market.machineViewInTurns({ filter: parsed.query, arrangement: ask.arrangement, history }, token);
}

export function pickHandlers(market: Market, history: (MachineHistory & MarketFacts) | undefined): Handlers<'pick' | 'order' | 'facets' | 'count'> {
  /** A machine's quick pick texts, lower case: made once per machine of a snapshot, whatever is typed. */
  const texts = new WeakMap<Machine, readonly string[]>();
  const textsOf = (machine: Machine): readonly string[] => {
    let found = texts.get(machine);
    if (!found) {
      const t = machinePickText(machine);
      found = [t.label.toLowerCase(), t.description.toLowerCase(), t.detail.toLowerCase()];
      texts.set(machine, found);
    }
    return found;
  };
  const view = (ask: MachineAsk, token: CancellationToken) => askedView(market, ask, history, token);
  let facets: { items: readonly Machine[] | undefined; summary: MarketSummary } | undefined;
  return {
    pick: async (ask, token) => {
      const shown = (await view(ask, token)).groups;
      // Without a typed text every machine matches: the first are the groups' heads, no group is sorted whole
      // (at 100k machines that sort was 135-160 ms of the worker as the pick opened) and no texts are made.
      if (!ask.text.trim()) return { machines: firstInGroups(shown, ask.limit), total: shown.reduce((n, g) => n + g.size, 0) };
      // With one, each group sorts only the machines that match (a typed text at 100k sorted every group whole).
      const matches = pickMatcher(ask.text);
      const { items, total } = firstMatchingInGroups(shown, (m) => matches(textsOf(m)), ask.limit);
      return { machines: items, total };
    },
    order: async (ask, token) => {
      const shown = await view(ask, token);
      const place = (nodeId: string): number[] | undefined => {
        const machine = market.machine(nodeId);
        if (!machine) return undefined;
        const key = groupKeyOf(machine, ask.arrangement.groupBy);
        const g = shown.groups.length === 1 ? 0 : shown.groups.findIndex((group) => group.key === key);
        const index = g < 0 ? -1 : shown.groups[g].machines.indexOf(machine);
        return index < 0 ? undefined : [g, index];
      };
      const placed = ask.nodeIds.flatMap((nodeId) => {
        const at = place(nodeId);
        return at ? [{ nodeId, at }] : [];
      });
      return placed.sort((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1]).map((p) => p.nodeId);
    },
    facets: async () => {
      const items = market.machines.snapshot?.items;
      const answer = facets && facets.items === items ? facets.summary : marketSummary(items ?? []);
      facets = { items, summary: answer };
      return answer;
    },
    count: async ({ filter }, token) => {
      const parsed = parseQuery(filter);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const items = market.machines.snapshot?.items ?? [];
      if (isEmptyQuery(parsed.query)) return { matching: items.length, total: items.length };
      const matches = compileQuery(parsed.query, history);
      let matching = 0;
      await eachInTurns(items, token, (m) => matches(m) && matching++);
      return { matching, total: items.length };
    },
  };
}
