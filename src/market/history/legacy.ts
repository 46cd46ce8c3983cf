// Importing the history that versions before 0.2 kept (a state file and
// per-window logs under the editor's global storage) into SQLite, once: the
// points as they were, each machine's listing and the returns of its last
// week as listings, then the lists the logs held beyond the state. The old
// format kept no length for earlier listings: they are imported as moments
// (until = since), which is all that flaps_7d and the rest read of them. Pure.
import type { StoredPoint } from './downsample';
import type { MachineTrack, Observation, State } from './legacyFormat';

export interface LegacyHistory {
  state: State | undefined;
  /** The logs' lists that the state did not hold yet, in any order. */
  observations: Observation[];
}

export interface ListingRow {
  node: string;
  since: number;
  until: number | null;
  comeback: boolean;
}

/** The listings a machine of the old state stands for: its first, its recent returns, and its current (or last) listing. */
export function listingsOf(node: string, track: MachineTrack): ListingRow[] {
  const rows = new Map<number, ListingRow>();
  rows.set(track.first, { node, since: track.first, until: track.first, comeback: false });
  for (const r of track.recent) rows.set(r, { node, since: r, until: r, comeback: r > track.first });
  rows.set(track.since, { node, since: track.since, until: track.present ? null : track.last, comeback: track.since > track.first });
  return [...rows.values()].sort((a, b) => a.since - b.since);
}

export interface LegacyWriter {
  insertPoint(point: StoredPoint): number;
  insertListing(row: ListingRow): void;
  /** Applies a list's comings and goings at `t` (as a recorded list does). */
  applyPresence(t: number, appeared: readonly string[], gone: readonly string[]): unknown;
}

/** Writes the old history through `writer` (in the caller's transaction); how many lists it held. */
export function importLegacy(writer: LegacyWriter, legacy: LegacyHistory): number {
  let lists = 0;
  if (legacy.state) {
    for (const point of legacy.state.points) {
      writer.insertPoint(point);
      lists += point.n;
    }
    for (const [node, track] of legacy.state.tracks) {
      for (const row of listingsOf(node, track)) writer.insertListing(row);
    }
  }
  const after = legacy.state?.lastT ?? -Infinity;
  for (const o of [...legacy.observations].sort((a, b) => a.t - b.t)) {
    writer.insertPoint({ t: o.t, n: 1, groups: o.groups });
    lists++;
    if (o.t >= after) writer.applyPresence(o.t, o.appeared, o.gone);
  }
  return lists;
}
