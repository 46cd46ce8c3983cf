// The faulty market worker (test/support/faultyWorker.ts) and how a test asks
// it for a fault through the client, as it asks the market anything.
import * as path from 'node:path';
import type { MarketClient } from '../../src/market/worker/client';
import { next } from './events';

/** The compiled faulty worker, next to this file. */
export const FAULTY_WORKER = path.join(__dirname, 'faultyWorker.js');

/** Asks the faulty worker to crash or hang: a method only it has, so outside the protocol's types. */
export function fault(client: MarketClient, kind: 'crash' | 'hang'): Promise<unknown> {
  return (client as unknown as { request(method: string, params: object): Promise<unknown> }).request(`fault.${kind}`, {});
}

/**
 * Asks the faulty worker for a fault, listening first for what the client then tells: the restart
 * (its reason) and the recovery (once the restarted worker has reloaded). `request` is the faulty
 * request itself, which a hang or a crash never answers with a result.
 */
export function faultWatched(client: MarketClient, kind: 'crash' | 'hang'): { restarted: Promise<string>; recovered: Promise<void>; request: Promise<unknown> } {
  const restarted = next(client.onDidRestart);
  const recovered = next(client.onDidRecover);
  return { restarted, recovered, request: fault(client, kind) };
}
