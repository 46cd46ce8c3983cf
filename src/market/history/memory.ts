// The market history in memory: the points (what each complete list said
// per GPU model and count) and the machines' presence, and the questions the
// rest of the extension asks of them: a model's 7-day low and median, how
// long a machine has been listed, how often it went and came back, how far
// its price per GPU is below its model's 7-day median. Pure; the store
// (store.ts) fills it from disk and appends to disk what it observes.
import type { Machine } from '../../api/types';
import { pricePerGpu } from '../../model/price';
import type { ListingFacts, MarketFacts } from '../../model/memoryText';
import type { MachineMemory } from '../../model/query';
import { aggregateMachines, ALL_COUNTS, type GroupStat } from './aggregate';
import { DAY_MS, HOUR_MS, thinPoints, type StoredPoint } from './downsample';
import { FLAP_WINDOW_MS, Presence, type MachineTrack, type PresenceChange } from './presence';

/** A machine gone this long is forgotten (its first and last seen, its returns): a year of churn would outweigh the points. */
export const GONE_DAYS = 30;

/** The window of "7-day" figures. */
export const WEEK_MS = 7 * DAY_MS;

/** One complete list as the history writes it down: its groups and what it changed. */
export interface Observation extends PresenceChange {
  t: number;
  groups: GroupStat[];
}

export interface ModelWeek {
  /** Lowest price per GPU of the model in the window. */
  low: number;
  /** The median of the model's median price per GPU over the window, each point weighted by the lists it stands for. */
  median: number;
  /** How much of the window the history covers, in ms (less than a week at first). */
  coveredMs: number;
  /** The lowest price per GPU in each of TREND_POINTS equal parts of the week, oldest first; NaN for a part without a list. */
  trend: number[];
}

/** How many values a model's 7-day trend has: one per 6 hours. */
export const TREND_POINTS = 28;


/** The median of values with weights: the least value whose cumulative weight reaches half. */
export function weightedMedian(pairs: readonly { value: number; weight: number }[]): number {
  if (pairs.length === 0) {
    return NaN;
  }
  const sorted = [...pairs].sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, p) => sum + p.weight, 0);
  let acc = 0;
  for (const p of sorted) {
    acc += p.weight;
    if (acc * 2 >= total) {
      return p.value;
    }
  }
  return sorted[sorted.length - 1].value;
}

/** Versions are unique across memories: a store that replaces its memory still tells a new version. */
let lastVersion = 0;

export class MarketMemory implements MachineMemory, MarketFacts {
  /** In time order. */
  points: StoredPoint[] = [];
  readonly presence = new Presence();
  private weeks = new Map<string, ModelWeek | undefined>();
  version = ++lastVersion;

  private changed(): void {
    this.version = ++lastVersion;
    this.weeks.clear();
  }

  /** What a complete list observed at `t` would add, from the whole list (the store uses ListFollower, which can go by the market's diff). */
  observe(t: number, machines: readonly Machine[]): Observation {
    return { t, groups: aggregateMachines(machines), ...this.presence.changes(machines.map((m) => m.node_name)) };
  }

  /** Adds an observation; true when every change of presence in it took effect (see Presence.apply). */
  apply(observation: Observation): boolean {
    const point: StoredPoint = { t: observation.t, n: 1, groups: observation.groups };
    const points = this.points;
    let i = points.length;
    while (i > 0 && points[i - 1].t > point.t) {
      i--;
    }
    points.splice(i, 0, point);
    const tookEffect = this.presence.apply(observation.t, observation);
    this.changed();
    return tookEffect;
  }

  /** Downsamples and forgets what is older than `keepDays` (see thinPoints, Presence.trim). */
  thin(now: number, keepDays: number): void {
    this.points = thinPoints(this.points, now, keepDays);
    this.presence.trim(now - Math.min(keepDays, GONE_DAYS) * DAY_MS);
    this.changed();
  }

  /** Replaces everything (loading from disk). */
  load(points: StoredPoint[], tracks: Iterable<[string, MachineTrack]>, lastT: number): void {
    this.points = points;
    this.presence.load(tracks, lastT);
    this.changed();
  }

  /** The time of the latest list in the history (0 when empty). */
  get lastT(): number {
    return this.presence.lastT;
  }

  /** A model's figures over the 7 days before the latest list (every GPU count); undefined when the history has none. */
  modelWeek(gpu: string): ModelWeek | undefined {
    if (this.weeks.has(gpu)) {
      return this.weeks.get(gpu);
    }
    const from = this.lastT - WEEK_MS;
    const pairs: { value: number; weight: number }[] = [];
    const trend = new Array<number>(TREND_POINTS).fill(NaN);
    let low = Infinity;
    let first = Infinity;
    for (let i = this.points.length - 1; i >= 0 && this.points[i].t >= from; i--) {
      const p = this.points[i];
      const g = p.groups.find((x) => x.count === ALL_COUNTS && x.gpu === gpu);
      if (g) {
        pairs.push({ value: g.median, weight: p.n });
        low = Math.min(low, g.low);
        first = p.t;
        const part = Math.min(TREND_POINTS - 1, Math.floor(((p.t - from) / WEEK_MS) * TREND_POINTS));
        if (!(trend[part] <= g.low)) trend[part] = g.low;
      }
    }
    const week = pairs.length === 0 ? undefined : { low, median: weightedMedian(pairs), coveredMs: this.lastT - first, trend };
    this.weeks.set(gpu, week);
    return week;
  }

  /** Hours since the machine's current listing began; NaN when the history has not seen it listed. */
  listedHours(nodeId: string): number {
    const track = this.presence.tracks.get(nodeId);
    return track?.present ? (this.lastT - track.since) / HOUR_MS : NaN;
  }

  /** Since when the machine is listed, as far as the history saw it; undefined when it has not seen it listed. */
  listing(nodeId: string): ListingFacts | undefined {
    const track = this.presence.tracks.get(nodeId);
    if (!track?.present) {
      return undefined;
    }
    const oldest = this.points.length > 0 ? this.points[0].t : track.since;
    // A point downsampled to an hour or a day starts before the lists it stands for.
    const slack = this.points[0]?.n > 1 ? DAY_MS : 0;
    return { since: track.since, hours: (this.lastT - track.since) / HOUR_MS, fromStart: track.since <= oldest + slack };
  }

  /** Times the machine came back within the 7 days before the latest list; NaN when the history has never seen it. */
  flaps7d(nodeId: string): number {
    const track = this.presence.tracks.get(nodeId);
    return track ? Presence.flapsSince(track, this.lastT - FLAP_WINDOW_MS) : NaN;
  }

  /** (7-day median − its price per GPU) / 7-day median of its model: 0.1 is 10% below; negative above. NaN when unknown. */
  belowMedian(machine: Machine): number {
    const week = this.modelWeek(machine.gpu_name);
    if (!week || !(week.median > 0)) {
      return NaN;
    }
    return (week.median - pricePerGpu(machine)) / week.median;
  }
}
