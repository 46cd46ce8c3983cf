// How protocol messages travel: a Node worker_threads port today
// (src/worker/nodeTransport.ts), a Web Worker's postMessage later, or a pair
// in the same thread when no worker can start. The market's side and the
// editor's side see only this.
import type { Disposable } from '../events';
import type { Message } from '../protocol';

export interface Transport extends Disposable {
  send(message: Message): void;
  onMessage(listener: (message: unknown) => void): Disposable;
  /** The other side is gone (crashed, ended): told once, with why. */
  onClose(listener: (reason: string) => void): Disposable;
}

/**
 * Two ends in one thread: the in-thread fallback runs the same server and
 * client on them. Delivery is asynchronous, as across a worker, so both
 * paths behave alike; messages are passed as they are (no copy).
 */
export function transportPair(): [Transport, Transport] {
  const a = new LoopEnd();
  const b = new LoopEnd();
  a.peer = b;
  b.peer = a;
  return [a, b];
}

class LoopEnd implements Transport {
  peer: LoopEnd | undefined;
  private readonly listeners = new Set<(message: unknown) => void>();
  private readonly closers = new Set<(reason: string) => void>();
  private closed = false;

  send(message: Message): void {
    const peer = this.peer;
    if (this.closed || !peer) return;
    queueMicrotask(() => {
      if (peer.closed) return;
      for (const listener of [...peer.listeners]) listener(message);
    });
  }

  onMessage(listener: (message: unknown) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  }

  onClose(listener: (reason: string) => void): Disposable {
    this.closers.add(listener);
    return { dispose: () => void this.closers.delete(listener) };
  }

  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    const peer = this.peer;
    this.listeners.clear();
    if (peer && !peer.closed) {
      for (const closer of [...peer.closers]) closer('closed');
    }
  }
}
