// What each recorded list changed of the listings (the machines that
// appeared and went), kept for the last CHANGES_KEPT lists under a stamp in
// `meta`: a window records its next list by its own diff when it can follow
// what other writers changed since its last one, instead of reading every
// listing (store.ts). A Clear or an import resets it: the next list is then
// compared whole. Plain TypeScript over the store's statements.
import { rowArrays, type SqlStatement } from './database';

/** How many lists' changes of the listings are kept for other writers to follow (see movedSince). */
const CHANGES_KEPT = 50;

/** The node of the change that says every listing changed (no node ID is empty). */
const RESET = '';

export class ListingChanges {
  constructor(private readonly sql: (text: string) => SqlStatement) {}

  /** The stamp of the latest list's changes. */
  stamp(): number {
    return Number(this.sql("SELECT value FROM meta WHERE key = 'presence'").get()?.value ?? 0);
  }

  /**
   * Which machines other writers marked listed (true) or gone since this
   * store's list of `since`, as they left them; undefined when the changes
   * kept no longer reach back that far, or the listings were reset since
   * (a Clear, an import): then the list is compared whole.
   */
  movedSince(since: number, now: number): Map<string, boolean> | undefined {
    if (since === now) return new Map();
    const oldest = Number(this.sql('SELECT min(stamp) AS s FROM changes').get()?.s ?? Infinity);
    if (oldest > since + 1) return undefined;
    const moved = new Map<string, boolean>();
    for (const [node, listed] of rowArrays(this.sql('SELECT node, listed FROM changes WHERE stamp > ? ORDER BY stamp -- arrays'), since)) {
      if (node === RESET) return undefined;
      moved.set(node as string, listed === 1);
    }
    return moved;
  }

  /** Notes what a list changed, under its stamp; keeps the last CHANGES_KEPT stamps' worth. */
  note(stamp: number, appeared: readonly string[], gone: readonly string[]): void {
    const note = this.sql('INSERT INTO changes (stamp, node, listed) VALUES (?, ?, ?)');
    for (const id of appeared) note.run(stamp, id, 1);
    for (const id of gone) note.run(stamp, id, 0);
    this.sql("UPDATE meta SET value = ? WHERE key = 'presence'").run(String(stamp));
    this.sql('DELETE FROM changes WHERE stamp <= ?').run(stamp - CHANGES_KEPT);
  }

  /** Marks every listing as changed (a Clear, an import): a writer that follows changes compares its next list whole. */
  reset(): void {
    const stamp = this.stamp() + 1;
    this.sql('DELETE FROM changes').run();
    this.sql('INSERT INTO changes (stamp, node, listed) VALUES (?, ?, 0)').run(stamp, RESET);
    this.sql("UPDATE meta SET value = ? WHERE key = 'presence'").run(String(stamp));
  }
}
