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

export class Presence {
  readonly tracks = new Map<string, MachineTrack>();
  /** The time of the latest observation applied (0 before any). */
  lastT = 0;
  private present = 0;

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
   * Applies an observation at `t`. Idempotent per machine: appearing while
   * listed, or going while gone, changes nothing; nor does a change older
   * than the machine's latest (a list that reached the history late).
   */
  apply(t: number, change: PresenceChange): void {
    const previous = this.lastT;
    for (const id of change.appeared) {
      const track = this.tracks.get(id);
      if (!track) {
        this.tracks.set(id, { first: t, since: t, last: t, present: true, returns: 0, recent: [], at: t });
        this.present++;
      } else if (!track.present && t > track.at) {
        track.present = true;
        track.at = t;
        track.since = t;
        track.returns++;
        track.recent.push(t);
        this.present++;
      }
    }
    for (const id of change.gone) {
      const track = this.tracks.get(id);
      if (track?.present && t > track.at) {
        track.present = false;
        track.at = t;
        // Last seen at the observation before this one, but not before its listing began.
        track.last = Math.max(track.since, Math.min(previous, t));
        this.present--;
      }
    }
    this.lastT = Math.max(this.lastT, t);
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
