// A market worker for the tests of the watchdog (never shipped: the product's
// protocol has no such methods): the real server of src/node/main.ts, and
// two faults of its own on the same connection, a crash and a hang.
import { parentPort } from 'node:worker_threads';
import { serve } from '../../src/node/main';
import { portConnection } from '../../src/node/nodeTransport';

if (parentPort) {
  const server = serve(portConnection(parentPort));
  // Ends the worker at once, as a crash in the middle of a load would.
  server.connection.onRequest('fault.crash', () => process.exit(70));
  // A bug that never returns: only the watchdog ends it.
  server.connection.onRequest('fault.hang', () => {
    for (;;);
  });
}
