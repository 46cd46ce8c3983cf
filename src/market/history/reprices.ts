// A listed machine's price changes, kept for the outlook (issue 36): what it
// cost until the change goes to `reprices` (store.ts records, thin.ts thins
// them to a day's lowest after 2 days), its listing takes the new price. Plain
// TypeScript over the store's statements.
import type { Machine } from '../../api/types';
import { rowArrays, type SqlStatement } from './database';
import { storedPrice } from './listingSpecs';
import type { OutlookChange } from './outlookIndex';
import { OPEN_LISTINGS, openListings, type OpenListing } from './presenceSync';

/**
 * Notes the new price of each listed machine of `machines` whose listing
 * says another, at `t`; machines not listed, or listed without a price kept
 * (recorded before the outlook), are left alone. Asking the listing rather
 * than trusting the diff: another writer may have noted the same change.
 * `listing`: the open listings as the caller read them (a whole list's
 * comparison). The changes, for the outlook's index to follow.
 */
export function reprice(sql: (text: string) => SqlStatement, t: number, machines: readonly Machine[], listing?: OpenListing): OutlookChange[] {
  const one = sql('SELECT spec, price FROM listings WHERE node = ? AND until IS NULL -- arrays');
  const note = sql('INSERT INTO reprices (spec, t, price) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET price = min(price, excluded.price)');
  const update = sql('UPDATE listings SET price = ? WHERE node = ? AND until IS NULL');
  // A whole list asks every listing once, not 100k lookups; a refresh's few thousand repricings ask their
  // own (reading every open listing cost 60 ms a refresh at 100k machines, bench:history).
  const prices = listing ?? (machines.length > 10_000 ? openListings(rowArrays(sql(`${OPEN_LISTINGS} -- arrays`))).listing : undefined);
  const changes: OutlookChange[] = [];
  for (const m of machines) {
    const price = storedPrice(m);
    const [spec, was] = prices ? (prices(m.node_name) ?? []) : (rowArrays(one, m.node_name)[0] ?? []);
    if (spec === null || spec === undefined || was === null || was === undefined || price === null || Number(was) === price) continue;
    note.run(spec, t, was);
    update.run(price, m.node_name);
    changes.push({ kind: 'reprice', node: m.node_name, spec: Number(spec), was: Number(was), price });
  }
  return changes;
}
