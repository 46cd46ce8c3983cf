// `npm run test:history`: the suites that need Node's SQLite (test/history),
// run by mocha on a Node that has it. Our machines' own Node is 20, so this
// is the Node 24 the VS Code harness downloads anyway (dev/harness/install.ts):
// `npm test` on a fresh clone stays one command. Two files at a time, as the
// unit tests: one at a time kept about one of two cores busy (39 s against
// 30 s). Extra arguments go to mocha.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { nodeWithSqlite } from '../dev/harness/install';
import { repoRoot } from '../dev/repoRoot';

async function main(): Promise<void> {
  const node = await nodeWithSqlite();
  const mocha = path.join(repoRoot, 'node_modules', 'mocha', 'bin', 'mocha.js');
  const args = [mocha, '--parallel', '--jobs', '2', '--timeout', '60000', path.join('out', 'test', 'history', '**', '*.test.js'), ...process.argv.slice(2)];
  console.log(`history suites on ${node}`);
  const result = spawnSync(node, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, GPU_RENTAL_SQLITE_NODE: node } });
  process.exit(result.status ?? 1);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
