// A lock file shared by processes: created with O_EXCL, holding who took it
// and when. A lock whose process is gone (same host) or that is older than
// STALE_MS is taken over: renamed aside first, so two processes that both
// find it stale cannot both remove it, and put back when it turned out fresh.
import * as fs from 'node:fs';
import * as os from 'node:os';

/** No compaction holds the lock this long; a lock older than this was left by a crash. */
export const STALE_MS = 120_000;

interface Owner {
  pid: number;
  host: string;
  t: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): Owner | undefined {
  try {
    const o = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Owner>;
    return typeof o.pid === 'number' && typeof o.host === 'string' && typeof o.t === 'number' ? (o as Owner) : undefined;
  } catch {
    return undefined;
  }
}

function isStale(file: string, now: number): boolean {
  let mtime: number;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return false; // gone meanwhile: try again to take it
  }
  const owner = readOwner(file);
  if (owner && owner.host === os.hostname() && owner.pid !== process.pid && !alive(owner.pid)) {
    return true;
  }
  // An owner not yet written (a process killed between create and write) is stale by age only.
  return now - Math.max(mtime, owner?.t ?? 0) > STALE_MS;
}

/** Takes the lock at `file` if it can, at once; the release function, or undefined when another process holds it. */
export function tryLock(file: string, now = Date.now()): (() => void) | undefined {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      try {
        fs.writeSync(fd, JSON.stringify({ pid: process.pid, host: os.hostname(), t: now }));
      } finally {
        fs.closeSync(fd);
      }
      return () => {
        try {
          fs.unlinkSync(file);
        } catch {
          // Already taken over as stale: nothing of ours to remove.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0 || !isStale(file, now)) {
        return undefined;
      }
      const aside = `${file}.stale-${process.pid}-${Math.random().toString(36).slice(2)}`;
      try {
        fs.renameSync(file, aside);
      } catch {
        return undefined;
      }
      if (!isStale(aside, now)) {
        // Another process took it over and holds it fresh: give it back.
        try {
          fs.linkSync(aside, file);
        } catch {
          // Someone holds a newer lock; theirs stands.
        }
        fs.rmSync(aside, { force: true });
        return undefined;
      }
      fs.rmSync(aside, { force: true });
    }
  }
  return undefined;
}
