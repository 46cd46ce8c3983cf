// Which machines are listed, since when, and how often they went away and
// came back: a state machine per node ID, driven by observations (complete
// lists). An observation is written as what changed against the history as a
// whole (appeared, gone), not against the writer's own last list, so the
// observations of several windows merge: a machine that comes back is
// counted once, however many windows saw it come back. Pure.
import { DAY_MS } from './downsample';

/** Returns within this window count for flaps_7d. */
export const FLAP_WINDOW_MS = 7 * DAY_MS;

export interface MachineTrack {
  /** When it was first seen (epoch ms). */
  first: number;
  /** When the current listing began (or the last one, when gone). */
  since: number;
  /** When it was last seen listed, while it is gone; while listed, the history's last observation. */
  last: number;
  present: boolean;
  /** Times it came back, ever. */
  returns: number;
  /** When it came back, within FLAP_WINDOW_MS of the last observation. */
  recent: number[];
  /** The time of the latest change applied: an older one, arriving late from another window, is out of date. */
  at: number;
}

/** What one list changed against the history. */
export interface PresenceChange {
  appeared: string[];
  gone: string[];
}

/** What a list's diff says about IDs: which came and which went since the list before it. */
export interface IdDiff {
  appeared: readonly { node_name: string }[];
  disappeared: readonly { node_name: string }[];
}

export class Presence {
  readonly tracks = new Map<string, MachineTrack>();
  /** The time of the latest observation applied (0 before any). */
  lastT = 0;
  private present = 0;
  /**
   * Set when the listed machines are exactly those of one list (see
   * setBaseline): then the next list's changes follow from the diff between
   * the two, without comparing 100k IDs. `moved` holds, for each ID whose
   * presence changed since (another window's list), whether it was listed then.
   */
  private baseline: { list: unknown; moved: Map<string, boolean> } | undefined;

  /** How many machines are listed as far as the history knows. */
  get presentCount(): number {
    return this.present;
  }

  /** What a complete list of node IDs changes: IDs not listed now (or unknown), listed IDs missing from it. */
  changes(ids: readonly string[]): PresenceChange {
    const listed = new Set<string>();
    const appeared: string[] = [];
    for (const id of ids) {
      if (listed.has(id)) {
        continue;
      }
      listed.add(id);
      const track = this.tracks.get(id);
      if (!track || !track.present) {
        appeared.push(id);
      }
    }
    const gone: string[] = [];
    // Every listed ID already listed, and as many: the same set, nothing went.
    if (appeared.length > 0 || listed.size !== this.present) {
      for (const [id, track] of this.tracks) {
        if (track.present && !listed.has(id)) {
          gone.push(id);
        }
      }
    }
    return { appeared, gone };
  }

  /**
   * Marks the listed machines as exactly those of `list` (an identity, e.g.
   * the array of machines): call it after applying a list's changes when
   * every change took effect and as many machines are listed as it has.
   */
  setBaseline(list: unknown): void {
    this.baseline = { list, moved: new Map() };
  }

  dropBaseline(): void {
    this.baseline = undefined;
  }

  /** Whether the listed machines are those of `list`, give or take what was applied since (and noted). */
  hasBaseline(list: unknown): boolean {
    return this.baseline !== undefined && this.baseline.list === list;
  }

  /**
   * What the next list changes, from its diff against the baseline's list
   * (see hasBaseline): the same answer as changes(), at the cost of the diff
   * and of what other windows changed since, not of the list.
   */
  changesFromDiff(diff: IdDiff): PresenceChange {
    const moved = this.baseline?.moved ?? new Map<string, boolean>();
    const appeared: string[] = [];
    const gone: string[] = [];
    // Unmoved IDs are listed as the baseline's list had them: the diff says what differs.
    for (const m of diff.appeared) {
      if (!moved.has(m.node_name)) appeared.push(m.node_name);
    }
    for (const m of diff.disappeared) {
      if (!moved.has(m.node_name)) gone.push(m.node_name);
    }
    if (moved.size > 0) {
      const inNext = new Map<string, boolean>();
      for (const m of diff.appeared) inNext.set(m.node_name, true);
      for (const m of diff.disappeared) inNext.set(m.node_name, false);
      for (const [id, wasListed] of moved) {
        const listed = inNext.get(id) ?? wasListed;
        const present = this.tracks.get(id)?.present === true;
        if (listed && !present) appeared.push(id);
        else if (!listed && present) gone.push(id);
      }
    }
    return { appeared, gone };
  }

  private moved(id: string, wasPresent: boolean): void {
    const moved = this.baseline?.moved;
    if (moved && !moved.has(id)) moved.set(id, wasPresent);
  }

  /**
   * Applies an observation at `t`. Idempotent per machine: appearing while
   * listed, or going while gone, changes nothing; nor does a change older
   * than the machine's latest (a list that reached the history late).
   * True when every change took effect.
   */
  apply(t: number, change: PresenceChange): boolean {
    const previous = this.lastT;
    let ignored = 0;
    for (const id of change.appeared) {
      const track = this.tracks.get(id);
      if (!track) {
        this.moved(id, false);
        this.tracks.set(id, { first: t, since: t, last: t, present: true, returns: 0, recent: [], at: t });
        this.present++;
      } else if (!track.present && t > track.at) {
        this.moved(id, false);
        track.present = true;
        track.at = t;
        track.since = t;
        track.returns++;
        track.recent.push(t);
        this.present++;
      } else {
        ignored++;
      }
    }
    for (const id of change.gone) {
      const track = this.tracks.get(id);
      if (track?.present && t > track.at) {
        this.moved(id, true);
        track.present = false;
        track.at = t;
        // Last seen at the observation before this one, but not before its listing began.
        track.last = Math.max(track.since, Math.min(previous, t));
        this.present--;
      } else {
        ignored++;
      }
    }
    this.lastT = Math.max(this.lastT, t);
    return ignored === 0;
  }

  /** Forgets returns older than the flap window and machines gone before `oldest`. */
  trim(oldest: number): void {
    const from = this.lastT - FLAP_WINDOW_MS;
    for (const [id, track] of this.tracks) {
      if (!track.present && track.last < oldest) {
        this.tracks.delete(id);
        continue;
      }
      if (track.recent.length > 0 && track.recent[0] < from) {
        track.recent = track.recent.filter((r) => r >= from);
      }
    }
  }

  /** Replaces the tracks (loading the history); recounts what is listed. */
  load(tracks: Iterable<[string, MachineTrack]>, lastT: number): void {
    this.baseline = undefined;
    this.tracks.clear();
    this.present = 0;
    for (const [id, track] of tracks) {
      this.tracks.set(id, track);
      if (track.present) {
        this.present++;
      }
    }
    this.lastT = lastT;
  }

  /** When the machine was last seen listed. */
  lastSeen(track: MachineTrack): number {
    return track.present ? this.lastT : track.last;
  }

  /** Returns within the flap window ending at `now`. */
  static flapsSince(track: MachineTrack, from: number): number {
    let n = 0;
    for (const r of track.recent) {
      if (r >= from) n++;
    }
    return n;
  }
}
