// The demo API on 127.0.0.1 shared by the tests of one `describe`: the
// before/after/beforeEach that every suite against it would otherwise repeat.
import { startDemoServer, type DemoServer } from '../../dev/demo/server';
import { SECRET } from './client';
import { standIn } from './standIn';

/**
 * The demo API (the tests' token) for the enclosing suite: started before its tests, reset before
 * each (ahead of the suite's own beforeEach hooks declared after this call), closed after them all.
 */
export function demoApiPerSuite(): DemoServer {
  let api: DemoServer | undefined;
  before(async () => {
    api = await startDemoServer({ token: SECRET });
  });
  after(() => api?.close());
  beforeEach(() => api?.reset());
  return standIn(() => api, 'the demo API');
}
