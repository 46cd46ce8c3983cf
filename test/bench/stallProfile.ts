// What ran in the extension host's thread during each stall, when the stall
// probe kept a CPU profile and the collections (GPU_RENTAL_STALL_PROFILE=1):
// the functions with the most samples in the gap, the share of samples with a
// frame of GPU Rental's own code on their stack, and the garbage collections.
import type { Mark, StallReport } from '../../dev/harness/stalls';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfiledReport extends StallReport {
  profile?: CpuProfile;
  /** When the profile stopped, in the report's clock (its own timestamps are µs of V8's). */
  stoppedAt?: number;
  /** [start, duration, kind] of each collection. */
  collections?: [number, number, number][];
  /** Each worker thread's CPU profile over the run (its title, or its script's URL). */
  workers?: { title: string; profile: CpuProfile }[];
  /** V8's sampling heap profile of the whole run, garbage included. */
  allocations?: { head: AllocationNode };
}

interface AllocationNode {
  callFrame: ProfileNode['callFrame'];
  selfSize: number;
  children: AllocationNode[];
}

/** The functions that allocated most over the run (self), and how much of it had GPU Rental on the stack. */
export function allocationLines(report: ProfiledReport): string[] {
  if (!report.allocations) return [];
  const self = new Map<string, number>();
  let total = 0;
  let ours = 0;
  const walk = (node: AllocationNode, oursAbove: boolean) => {
    const isOurs = oursAbove || OURS.test(node.callFrame.url);
    total += node.selfSize;
    if (isOurs) ours += node.selfSize;
    const name = `${isOurs ? '[ours] ' : ''}${frameName({ id: 0, callFrame: node.callFrame })}`;
    self.set(name, (self.get(name) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, isOurs);
  };
  walk(report.allocations.head, false);
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  return [
    `  allocated over the run (sampled): ${mb(total)}, ${mb(ours)} with GPU Rental on the stack; the most:`,
    ...[...self].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([name, bytes]) => `    ${mb(bytes)} ${name}`),
  ];
}

/** The probe's sampling interval (test/fixtures/stall-probe: PROFILE_US). */
const PROFILE_MS = 0.5;

/** GPU Rental's files in the installed extension (its folder is named by publisher, name and version; others may lie under a path with gpu-rental in it). */
const OURS = /\/gpu-rental\.gpu-rental-[^/]*\//;

const frameName = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? url.slice(url.lastIndexOf('/') + 1) : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
};

/** A thread's samples between two times of the report's clock: how many were busy and idle, how many ours, and the busiest functions. */
type Busy = (from: number, to: number) => { busy: number; idle: number; ours: number; busiest: string[] };

/**
 * The samples of `profile` on the report's clock: V8 stamps every thread's samples with one clock of
 * the process, and the main thread's profile stopped at `stoppedAt` (`mainEnd` on V8's clock).
 */
function sampler(profile: CpuProfile, stoppedAt: number, mainEnd: number): Busy {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const ours = new Map<number, boolean>();
  const isOurs = (id: number): boolean => {
    let known = ours.get(id);
    if (known === undefined) {
      const up = parent.get(id);
      known = OURS.test(byId.get(id)?.callFrame.url ?? '') || (up !== undefined && isOurs(up));
      ours.set(id, known);
    }
    return known;
  };
  const times: number[] = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) times.push(stoppedAt - (mainEnd - (t += delta)) / 1000);
  return (from, to) => {
    const self = new Map<string, number>();
    let busy = 0;
    let idle = 0;
    let ourSamples = 0;
    for (let i = 0; i < times.length; i++) {
      if (times[i] < from || times[i] > to) continue;
      const node = byId.get(profile.samples[i]);
      if (!node) continue;
      if (node.callFrame.functionName === '(idle)') {
        idle++;
        continue;
      }
      busy++;
      if (isOurs(node.id)) ourSamples++;
      const name = frameName(node);
      self.set(name, (self.get(name) ?? 0) + 1);
    }
    const busiest = [...self].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([name, n]) => `${name} ${Math.round((100 * n) / Math.max(1, busy))}%`);
    return { busy, idle, ours: ourSamples, busiest };
  };
}

/**
 * A line per stall inside a mark, and per action until its result showed: the extension host thread's
 * collections, samples, our share and busiest functions; then each worker thread's (GPU Rental's market
 * worker among them: its own code, always ours).
 */
export function stallLines(report: ProfiledReport, marks: readonly Mark[]): string[] {
  const { profile, stoppedAt } = report;
  if (!profile || stoppedAt === undefined) return [];
  const main = sampler(profile, stoppedAt, profile.endTime);
  const workers = (report.workers ?? []).map((w) => ({ title: w.title, busy: sampler(w.profile, stoppedAt, profile.endTime) }));
  const lines: string[] = [];
  // Each stall inside a mark, then each action from its start until its result showed.
  const windows: [string, number, number][] = [];
  for (const [due, ran] of report.gaps) {
    const mark = marks.find((m) => ran > m.start && due < m.end);
    if (mark) windows.push([`${mark.action}, a stall`, due, ran]);
  }
  for (const m of marks) windows.push([`${m.action}, until its result showed`, m.start, m.start + m.tookMs]);
  const pct = (n: number, of: number) => `${Math.round((100 * n) / Math.max(1, of))}%`;
  for (const [what, from, to] of windows) {
    const { busy, idle, ours, busiest } = main(from, to);
    const gc = (report.collections ?? []).filter(([start, ms]) => start < to && start + ms > from);
    lines.push(
      `  ${what}: ${Math.round(to - from)} ms; the extension host's thread: ${busy} busy samples (${PROFILE_MS} ms each) and ${idle} idle, ${pct(ours, busy)} with GPU Rental on the stack; collections ${gc.length ? gc.map(([, ms, kind]) => `${ms} ms (kind ${kind})`).join(', ') : 'none'}; busiest: ${busiest.join(', ') || '(no samples)'}`,
    );
    for (const w of workers) {
      const t = w.busy(from, to);
      if (t.busy > 0) lines.push(`    worker ${w.title}: ${t.busy} busy samples and ${t.idle} idle; busiest: ${t.busiest.join(', ')}`);
    }
  }
  return lines;
}
