// The protocol over Node's worker_threads: the editor's end starts the
// worker (dist/marketWorker.js) and the worker's end listens on its parent
// port. The only Node-specific part of the market's work: a Web Worker
// would be another Transport over postMessage, nothing else.
import { Worker, type MessagePort } from 'node:worker_threads';
import type { Disposable } from '../market/events';
import type { Connection } from '../market/worker/client';
import type { Transport } from '../market/worker/transport';
import type { Message } from '../market/protocol';

/** Starts the market worker from its script; throws where workers cannot start. */
export function startWorker(script: string, options: { resourceLimits?: { maxOldGenerationSizeMb?: number } } = {}): Connection {
  const worker = new Worker(script, { resourceLimits: options.resourceLimits, stdout: false, stderr: false });
  worker.unref();
  const closers = new Set<(reason: string) => void>();
  let ended = false;
  const end = (reason: string) => {
    if (ended) return;
    ended = true;
    for (const closer of [...closers]) closer(reason);
  };
  worker.on('error', (err) => end(err instanceof Error ? err.message : String(err)));
  worker.on('exit', (code) => end(`exit code ${code}`));
  const transport: Transport = {
    send: (message: Message) => {
      if (!ended) worker.postMessage(message);
    },
    onMessage: (listener) => subscribe(worker, listener),
    onClose: (listener) => {
      closers.add(listener);
      return { dispose: () => void closers.delete(listener) };
    },
    dispose: () => {
      ended = true;
      void worker.terminate();
    },
  };
  return {
    transport,
    terminate: () => {
      ended = true;
      closers.clear();
      void worker.terminate();
    },
  };
}

/** The worker's end: its parent port. */
export function parentTransport(port: MessagePort): Transport {
  return {
    send: (message: Message) => port.postMessage(message),
    onMessage: (listener) => subscribe(port, listener),
    onClose: () => ({ dispose: () => undefined }),
    dispose: () => port.close(),
  };
}

function subscribe(target: Worker | MessagePort, listener: (message: unknown) => void): Disposable {
  target.on('message', listener);
  return { dispose: () => void target.off('message', listener) };
}
