// The market history as versions before 0.2 kept it, read once to import it
// into SQLite (legacy.ts): the state file (everything compacted so far) and
// the lines of the per-process logs (one complete list each). Each log line
// carries its length and a checksum, so a line cut short by a killed process,
// or glued to the next, is recognised and skipped. Pure.
import type { GroupStat } from './aggregate';
import type { StoredPoint } from './downsample';

const FORMAT = 'gpu-rental-market-history';
const VERSION = 1;

/** One complete list as a log line held it. */
export interface Observation {
  t: number;
  appeared: string[];
  gone: string[];
  groups: GroupStat[];
}

/** A machine as the state file held it. */
export interface MachineTrack {
  first: number;
  since: number;
  last: number;
  present: boolean;
  returns: number;
  /** When it came back, within the week before the state's last list. */
  recent: number[];
  at: number;
}

/** FNV-1a over the UTF-16 code units: cheap, and enough to tell a damaged line. */
export function checksum(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

type GroupRow = [gpu: string, count: number, machines: number, gpus: number, low: number, p25: number, median: number];

function isGroupRow(row: unknown): row is GroupRow {
  return Array.isArray(row) && row.length === 7 && typeof row[0] === 'string' && row.slice(1).every((x) => typeof x === 'number');
}

function groupOf(row: GroupRow): GroupStat {
  return { gpu: row[0], count: row[1], machines: row[2], gpus: row[3], low: row[4], p25: row[5], median: row[6] };
}

const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

/** The observation of one line (without its newline), or undefined when it is damaged or not ours. */
export function decodeObservation(line: string): Observation | undefined {
  const m = /^(\d+):([0-9a-f]{8}):/.exec(line);
  if (!m) {
    return undefined;
  }
  const json = line.slice(m[0].length);
  if (json.length !== Number(m[1]) || checksum(json) !== m[2]) {
    return undefined;
  }
  try {
    const o = JSON.parse(json) as { t?: unknown; g?: unknown; a?: unknown; d?: unknown };
    if (typeof o.t !== 'number' || !Array.isArray(o.g) || !o.g.every(isGroupRow) || !isStrings(o.a) || !isStrings(o.d)) {
      return undefined;
    }
    return { t: o.t, groups: o.g.map(groupOf), appeared: o.a, gone: o.d };
  } catch {
    return undefined;
  }
}

/** What the state file holds. */
export interface State {
  origin: string;
  lastT: number;
  /** Per log file, how many of its bytes are in this state. */
  consumed: Record<string, number>;
  points: StoredPoint[];
  tracks: Iterable<[string, MachineTrack]>;
}

type TrackRow = [first: number, since: number, last: number, present: 0 | 1, returns: number, recent: number[], at: number];

export class StateError extends Error {}

/** The state in a file's text; throws StateError saying what is wrong when it is not a history of ours (or of another version). */
export function decodeState(text: string): State {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new StateError('not valid JSON');
  }
  if (typeof raw !== 'object' || raw === null || raw.format !== FORMAT) {
    throw new StateError('not a GPU Rental market history');
  }
  if (raw.version !== VERSION) {
    throw new StateError(`version ${String(raw.version)}, this extension reads version ${VERSION}`);
  }
  const { origin, lastT, consumed, points, machines } = raw;
  if (typeof origin !== 'string' || typeof lastT !== 'number' || typeof consumed !== 'object' || consumed === null || !Array.isArray(points) || typeof machines !== 'object' || machines === null) {
    throw new StateError('a field is missing or of the wrong type');
  }
  const storedPoints: StoredPoint[] = [];
  for (const p of points as unknown[]) {
    if (!Array.isArray(p) || typeof p[0] !== 'number' || typeof p[1] !== 'number' || !Array.isArray(p[2]) || !p[2].every(isGroupRow)) {
      throw new StateError('a point is damaged');
    }
    storedPoints.push({ t: p[0], n: p[1], groups: (p[2] as GroupRow[]).map(groupOf) });
  }
  const tracks: [string, MachineTrack][] = [];
  for (const [id, row] of Object.entries(machines as Record<string, unknown>)) {
    if (!Array.isArray(row) || row.length !== 7 || !row.slice(0, 5).every((x) => typeof x === 'number') || !Array.isArray(row[5]) || typeof row[6] !== 'number') {
      throw new StateError('a machine is damaged');
    }
    const r = row as TrackRow;
    tracks.push([id, { first: r[0], since: r[1], last: r[2], present: r[3] === 1, returns: r[4], recent: r[5], at: r[6] }]);
  }
  for (const v of Object.values(consumed)) {
    if (typeof v !== 'number') throw new StateError('a log offset is damaged');
  }
  return { origin, lastT, consumed: consumed as Record<string, number>, points: storedPoints, tracks };
}
