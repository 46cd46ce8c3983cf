// `npm run lines [-- COMMIT]`: the TypeScript lines of src/ (generated files
// left out, as issue 34 counts them), per folder and in all, of the work tree
// or of COMMIT. Plain Node and git, so it runs on any checkout.
import { execFileSync } from 'node:child_process';

const git = (...args) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 28 });

// `npm run lines -- --issue 34`: the lines issue 34's commits put into src/ and took out (generated files
// left out): the three branches merged before its commits said the issue (jsonrpc, testhook, lessapi),
// then every commit whose message says "issue 34".
if (process.argv[2] === '--issue') {
  const issue = process.argv[3];
  const early = issue === '34' ? ['75c5960', '5bfb5cf', '2c98525'].map((merge) => [`${merge}^1`, merge]) : [];
  const tagged = git('log', '--no-merges', '--format=%H', '-i', '-E', `--grep=issue ${issue}([^0-9]|$)`).split('\n').filter(Boolean)
    .map((commit) => [`${commit}^`, commit]);
  let added = 0;
  let removed = 0;
  for (const [from, to] of [...early, ...tagged]) {
    for (const row of git('diff', '--numstat', from, to, '--', 'src').split('\n')) {
      const [plus, minus, file] = row.split('\t');
      if (!file || !file.endsWith('.ts') || file.includes('.generated.')) continue;
      added += Number(plus);
      removed += Number(minus);
    }
  }
  console.log(`issue ${issue}: ${early.length + tagged.length} commits, src/ +${added} −${removed}, net ${added - removed}`);
  process.exit(0);
}

const commit = process.argv[2];
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
