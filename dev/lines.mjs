// `npm run lines [-- COMMIT]`: the TypeScript lines of src/ (generated files
// left out, as issue 34 counts them), per folder and in all, of the work tree
// or of COMMIT. Plain Node and git, so it runs on any checkout.
import { execFileSync } from 'node:child_process';

const commit = process.argv[2];
const git = (...args) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 28 });
const files = (commit ? git('ls-tree', '-r', '--name-only', commit, 'src') : git('ls-files', 'src'))
  .split('\n').filter((f) => f.endsWith('.ts') && !f.includes('.generated.'));
const perFolder = new Map();
let total = 0;
for (const file of files) {
  const text = commit ? git('show', `${commit}:${file}`) : execFileSync('cat', [file], { encoding: 'utf8' });
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  const folder = file.split("/").slice(0, -1).slice(0, 3).join("/");
  perFolder.set(folder, (perFolder.get(folder) ?? 0) + lines);
  total += lines;
}
for (const [folder, lines] of [...perFolder].sort()) console.log(`${String(lines).padStart(6)}  ${folder}`);
console.log(`${String(total).padStart(6)}  src (${files.length} files, ${commit ?? 'work tree'})`);
