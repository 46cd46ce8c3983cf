// Runs lanes of npm scripts at the same time and fails when any fails. Each
// argument is a lane: script names separated by spaces, run one after another
// until one fails. `npm test` lints in a lane of its own beside compiling and
// the Node test suites: eslint keeps one core busy for about 30 s and tsc is
// done in a few, so the suites use the other core meanwhile.
// The first lane's output is shown as it comes; the others' is held and
// printed whole once every lane has ended, so that lanes never interleave.
// Plain JavaScript with Node's own modules: it runs before anything is built.
import { spawn } from 'node:child_process';

function runScript(script, live) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => resolve({ code, output: Buffer.concat(output).toString() }));
  });
}

async function runLane(lane, live) {
  let held = '';
  for (const script of lane.split(/\s+/).filter(Boolean)) {
    if (live) process.stdout.write(`\n> ${script}\n`);
    const { code, output } = await runScript(script, live);
    held += live ? '' : `\n> ${script} (${code === 0 ? 'ok' : `failed, exit code ${code}`})\n${output}`;
    if (code !== 0) {
      if (live) process.stdout.write(`\n> ${script} failed, exit code ${code}\n`);
      return { ok: false, held };
    }
  }
  return { ok: true, held };
}

const lanes = await Promise.all(process.argv.slice(2).map((lane, index) => runLane(lane, index === 0)));
for (const { held } of lanes) process.stdout.write(held);
process.exit(lanes.every((lane) => lane.ok) ? 0 : 1);
