// JSON-RPC (vscode-jsonrpc) over a message port: the worker_threads port
// today, a Web Worker's postMessage later, a MessageChannel in one thread.
// Messages cross as they are (structured clone), never as text. The runtime
// (vscode-jsonrpc/node, or /browser in a Web Worker) is installed by whoever
// owns the port: src/node/nodeTransport.ts here.
import { AbstractMessageReader, AbstractMessageWriter, createMessageConnection, type DataCallback, type Disposable, type Message, type MessageConnection } from 'vscode-jsonrpc';

/** What every message port has, whatever its platform calls its listeners. */
export interface Port {
  postMessage(message: unknown): void;
  /** Hands each message to `listener` until disposed. */
  listen(listener: (message: unknown) => void): Disposable;
}

export function portConnection(port: Port): MessageConnection {
  return createMessageConnection(new PortReader(port), new PortWriter(port));
}

class PortReader extends AbstractMessageReader {
  constructor(private readonly port: Port) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    return this.port.listen((message) => callback(message as Message));
  }
}

class PortWriter extends AbstractMessageWriter {
  constructor(private readonly port: Port) {
    super();
  }

  /** A message that cannot be cloned fails its request. */
  async write(message: Message): Promise<void> {
    this.port.postMessage(message);
  }

  end(): void {}
}
