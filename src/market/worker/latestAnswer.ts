// The latest answer to a question asked of the market again and again (issue
// 24): each ask cancels the one before; an answer is kept only while it is the
// latest ask's; a cancelled ask ends quietly; another failure is handed to
// `failed` (to log) and tells a change, the last answer kept. In the editor the
// Machines view's model, the Image Templates view's model and the near-miss
// rows each hold one (src/vscode/views/). Plain TypeScript: its change event is
// the pure layers' Emitter, which VS Code's side subscribes to as to its own.
import { type Disposable, Emitter, type Event } from '../events';
import { CANCELLED } from '../protocol';

export interface LatestAnswerOptions<T> {
  /** An ask failed (not cancelled): log it. The last answer stays, and a change is told. */
  failed(err: unknown): void;
  /** Whether a new answer is worth a change event, from the last one; every answer is without it. */
  worthTelling?(last: T | undefined, next: T): boolean;
}

export class LatestAnswer<T> implements Disposable {
  private last: T | undefined;
  private pending: { abort: AbortController; done: Promise<void> } | undefined;
  private readonly changed = new Emitter<void>();
  /** A new answer, or an ask that failed (the last answer stays): at most once per ask. */
  readonly onDidChange: Event<void> = this.changed.event;

  constructor(private readonly options: LatestAnswerOptions<T>) {}

  /** The latest answer (the last one while the next is asked); undefined before the first. */
  get value(): T | undefined {
    return this.last;
  }

  /** An ask is on its way: its end tells a change unless it was cancelled. */
  get asking(): boolean {
    return this.pending !== undefined;
  }

  /** Asks again, cancelling the last ask; the promise ends when this ask has (answered, failed or superseded). */
  ask(run: (signal: AbortSignal) => Promise<T>): Promise<void> {
    this.pending?.abort.abort();
    const abort = new AbortController();
    const asking: { abort: AbortController; done: Promise<void> } = { abort, done: Promise.resolve() };
    asking.done = run(abort.signal).then(
      (answer) => {
        if (this.pending !== asking) return;
        this.pending = undefined;
        const tell = this.options.worthTelling?.(this.last, answer) ?? true;
        this.last = answer;
        if (tell) this.changed.fire(undefined);
      },
      (err: unknown) => {
        if (this.pending !== asking) return;
        this.pending = undefined;
        if ((err as { kind?: unknown } | undefined)?.kind === CANCELLED) return;
        this.options.failed(err);
        this.changed.fire(undefined);
      },
    );
    this.pending = asking;
    return asking.done;
  }

  /** The answer to the latest ask, once it has come (the one on hand when nothing is being asked). */
  async current(): Promise<T | undefined> {
    for (let asking = this.pending; asking; asking = this.pending) {
      await asking.done;
      if (this.pending === asking) break;
    }
    return this.last;
  }

  dispose(): void {
    this.pending?.abort.abort();
    this.changed.dispose();
  }
}
