// Bundles the extension into one CommonJS file, dist/extension.js (with the
// integration tests' entry unless --production), and each
// webview page's script into one file of its own, dist/pages/*.js (a page
// loads exactly one script, by nonce; what the pages share is bundled in),
// the command-line tool into dist/cli.js, and the market worker into dist/marketWorker.js.
// `vscode` is provided by the editor at run time and must stay external.
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
// --out=<folder>: dist/ is written there instead of here (the package test builds the package in a copy).
const dist = path.join(process.argv.find((arg) => arg.startsWith('--out='))?.slice('--out='.length) ?? '.', 'dist');

const PAGES = ['details', 'template', 'compare', 'trends'];

async function main() {
  const pages = await esbuild.context({
    // Each page's script is src/webview/<page>/page.ts; it becomes dist/pages/<page>.js.
    entryPoints: Object.fromEntries(PAGES.map((page) => [page, `src/webview/${page}/page.ts`])),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    outdir: path.join(dist, 'pages'),
    minify: production,
    logLevel: 'warning',
  });
  const ctx = await esbuild.context({
    // The package (--production) is the product alone. The development build, which the integration
    // suite runs, is the same product behind the tests' entry (test/integration/extensionEntry.ts):
    // its `activate` hands the tests the extension's parts; the product's returns nothing.
    entryPoints: [production ? 'src/extension.ts' : 'test/integration/extensionEntry.ts'],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outfile: path.join(dist, 'extension.js'),
    external: ['vscode'],
    // GPU_RENTAL_NO_MINIFY: a package whose functions keep their names, for a profile (docs/performance.md).
    minify: production && !process.env.GPU_RENTAL_NO_MINIFY,
    sourcemap: !production,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
  // The market worker (src/node/main.ts): the extension starts it in a worker_threads Worker
  // (src/vscode/services/marketHost.ts); it fetches, parses, checks and queries the market there.
  const worker = await esbuild.context({
    entryPoints: ['src/node/main.ts'],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outfile: path.join(dist, 'marketWorker.js'),
    // Always minified, like dist/cli.js: it repeats the market, the client and the model (about 85 KiB instead of 170).
    minify: !process.env.GPU_RENTAL_NO_MINIFY,
    sourcemap: false,
    metafile: true,
    logLevel: 'warning',
  });
  // The command-line tool and MCP server (src/cli): plain Node 20, no VS Code,
  // everything bundled in (the MCP SDK too), so the file runs on its own.
  const cli = await esbuild.context({
    entryPoints: ['src/cli/main.ts'],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outfile: path.join(dist, 'cli.js'),
    banner: { js: '#!/usr/bin/env node' },
    define: { GPU_RENTAL_VERSION: JSON.stringify(require('./package.json').version) },
    // Always minified: the .vsix ships it as built (about 370 KiB instead of 780).
    minify: true,
    sourcemap: false,
    metafile: true,
    logLevel: 'warning',
  });
  if (watch) {
    await Promise.all([ctx.watch(), pages.watch(), cli.watch(), worker.watch()]);
    return;
  }
  const [result, , cliResult, workerResult] = await Promise.all([ctx.rebuild(), pages.rebuild(), cli.rebuild(), worker.rebuild()]);
  await Promise.all([ctx.dispose(), pages.dispose(), cli.dispose(), worker.dispose()]);
  fs.chmodSync(path.join(dist, 'cli.js'), 0o755);
  for (const [name, built] of [['dist/extension.js', result], ['dist/cli.js', cliResult], ['dist/marketWorker.js', workerResult]]) {
    const bytes = Object.values(built.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0;
    console.log(`esbuild: ${name} ${(bytes / 1024).toFixed(1)} KiB${production ? ' (minified)' : ''}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
