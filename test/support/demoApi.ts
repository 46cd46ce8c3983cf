// The demo API on 127.0.0.1 shared by the tests of one `describe`: the
// before/after/beforeEach that every suite against it would otherwise repeat.
import { startDemoServer, type DemoServer } from '../../dev/demo/server';
import { SECRET } from './client';

/**
 * The demo API (the tests' token) for the enclosing suite: started before its tests, reset before
 * each (ahead of the suite's own beforeEach hooks declared after this call), closed after them all.
 * What it returns stands for the server from the suite's `before` on (the server does not exist
 * yet when the suite is declared), so a suite writes `const api = demoApiPerSuite()`.
 */
export function demoApiPerSuite(): DemoServer {
  let api: DemoServer | undefined;
  before(async () => {
    api = await startDemoServer({ token: SECRET });
  });
  after(() => api?.close());
  beforeEach(() => api?.reset());
  return new Proxy({} as DemoServer, {
    get(_, key) {
      if (!api) throw new Error(`the demo API was asked for ${String(key)} before the suite started it`);
      const value: unknown = Reflect.get(api, key, api);
      return typeof value === 'function' ? value.bind(api) : value;
    },
  });
}
