// The protocol over Node's worker_threads: the editor's end starts the
// worker (dist/marketWorker.js), the worker's end listens on its parent
// port, and the in-thread fallback is a MessageChannel. The only
// Node-specific part of the market's work: a Web Worker would be another
// Port over postMessage, nothing else. Importing vscode-jsonrpc/node installs
// the library's Node runtime, which its connections need.
import 'vscode-jsonrpc/node';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { Disposable } from '../market/events';
import type { Connection } from '../market/worker/client';
import type { Port } from '../market/worker/port';

/** Starts the market worker from its script; throws where workers cannot start. */
export function startWorker(script: string, options: { resourceLimits?: { maxOldGenerationSizeMb?: number } } = {}): Connection {
  const worker = new Worker(script, { resourceLimits: options.resourceLimits, stdout: false, stderr: false });
  worker.unref();
  // An error (an uncaught exception, a script that cannot load) ends the worker: its exit follows, and the error says why.
  let error: string | undefined;
  worker.on('error', (err) => (error ??= err instanceof Error ? err.message : String(err)));
  return {
    port: nodePort(worker),
    onClose: (listener) => {
      const exited = (code: number) => listener(error ?? `exit code ${code}`);
      worker.once('exit', exited);
      return { dispose: () => void worker.off('exit', exited) };
    },
    terminate: () => void worker.terminate(),
  };
}

/** A worker_threads port (or the Worker itself) as the protocol's Port. */
export function nodePort(target: Worker | MessagePort): Port {
  return {
    postMessage: (message) => target.postMessage(message),
    listen: (listener) => subscribe(target, listener),
  };
}

/** Two ends in this thread (the in-thread fallback): the market's, and the editor's with how to end both. */
export function portPair(): { near: Port; far: Port; close(): void } {
  const channel = new MessageChannel();
  return { near: nodePort(channel.port1), far: nodePort(channel.port2), close: () => (channel.port1.close(), channel.port2.close()) };
}

function subscribe(target: Worker | MessagePort, listener: (message: unknown) => void): Disposable {
  target.on('message', listener);
  return { dispose: () => void target.off('message', listener) };
}
