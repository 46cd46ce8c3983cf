// Runs npm scripts at the same time and fails when any fails: `npm test`
// compiles and lints together (eslint does not read what tsc writes), which
// saves CI about the time of the shorter one on a 2-core machine. Each
// script's output is printed whole when it ends, so the two never interleave.
// Plain JavaScript with Node's own modules: it runs before anything is built.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code) => {
        process.stdout.write(`\n> ${script} (${code === 0 ? 'ok' : `failed, exit code ${code}`})\n${Buffer.concat(output).toString()}`);
        resolve(code === 0);
      });
    }),
);
const ok = (await Promise.all(runs)).every(Boolean);
process.exit(ok ? 0 : 1);
