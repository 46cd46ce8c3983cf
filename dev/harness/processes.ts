// The processes of a running VS Code server, read from /proc (Linux): which
// one is the extension host, and how much memory it holds. The benchmarks
// measure the extension host from outside, so measuring changes nothing in it.
import * as fs from 'node:fs';

interface Proc {
  pid: number;
  ppid: number;
  cmdline: string;
}

function readProc(pid: number): Proc | undefined {
  try {
    // The command name in field 2 may hold spaces and parentheses: read past the last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return { pid, ppid, cmdline };
  } catch {
    // Ended meanwhile.
    return undefined;
  }
}

/** Every process below `root`, children before grandchildren. */
export function descendants(root: number): Proc[] {
  const all = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((p): p is Proc => p !== undefined);
  const out: Proc[] = [];
  let level = [root];
  while (level.length) {
    const children = all.filter((p) => level.includes(p.ppid));
    out.push(...children);
    level = children.map((p) => p.pid);
  }
  return out;
}

/** The PIDs of the server's extension hosts (one per open window), oldest first. */
export function extensionHostPids(serverPid: number): number[] {
  return descendants(serverPid)
    .filter((p) => /--type=extensionHost|extensionHostProcess/.test(p.cmdline))
    .map((p) => p.pid);
}

/** Resident set size in bytes, or undefined when the process is gone. */
export function rssBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
