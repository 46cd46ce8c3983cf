// The protocol over Node's worker_threads, with vscode-jsonrpc's own port
// reader and writer: the only Node-specific part of the market's work (a Web
// Worker would be vscode-jsonrpc/browser's reader and writer on its port).
// Messages cross as they are (structured clone); one that cannot be cloned fails its request.
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { createMessageConnection, PortMessageReader, PortMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { Connection } from '../market/worker/client';

/** Starts the market worker from its script; throws where workers cannot start. */
export function startWorker(script: string): Connection {
  const worker = new Worker(script, { stdout: false, stderr: false });
  worker.unref();
  // An error (an uncaught exception, a script that cannot load) ends the worker: its exit follows, and the error says why.
  let error: string | undefined;
  worker.on('error', (err) => (error ??= err instanceof Error ? err.message : String(err)));
  return {
    rpc: portConnection(worker),
    onClose: (listener) => {
      const exited = (code: number) => listener(error ?? `exit code ${code}`);
      worker.once('exit', exited);
      return { dispose: () => void worker.off('exit', exited) };
    },
    terminate: () => void worker.terminate(),
  };
}

/** JSON-RPC over a worker_threads port (or the Worker itself). */
export function portConnection(port: Worker | MessagePort): MessageConnection {
  return createMessageConnection(new PortMessageReader(port), new PortMessageWriter(port));
}

/** Two ends in this thread (the in-thread fallback): the market's, and the editor's with how to end both. */
export function portPair(): { near: MessageConnection; far: MessageConnection; close(): void } {
  const channel = new MessageChannel();
  return { near: portConnection(channel.port1), far: portConnection(channel.port2), close: () => (channel.port1.close(), channel.port2.close()) };
}
