// Node loads and compiles its fetch (undici) on first use: its HTTP client,
// connection pool and response parser (a WebAssembly module) only when a first
// request goes over a socket, which a `data:` URL does not. Measured in a fresh
// Node, a first 0.5 MB answer from 127.0.0.1 took 110–130 ms after a `data:`
// fetch and 45 ms after one request to a server of our own on the loopback.
// So the worker makes that request while it idles, before any service is
// known: nothing leaves the machine, and the first load a person waits for
// finds fetch ready. Whatever fails here is of no consequence.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function warmFetch(): Promise<void> {
  const server = createServer((_request, response) => response.end('[]'));
  try {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await (await fetch(`http://127.0.0.1:${port}/`)).json();
  } catch {
    // No loopback here (a sandbox): the first load compiles fetch, as it did.
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
