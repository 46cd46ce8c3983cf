// Bundles the extension into one CommonJS file, dist/extension.js, and each
// webview page's script into one file of its own, dist/pages/*.js (a page
// loads exactly one script, by nonce; what the pages share is bundled in).
// `vscode` is provided by the editor at run time and must stay external.
const esbuild = require('esbuild');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const PAGES = ['details', 'template', 'compare'];

async function main() {
  const pages = await esbuild.context({
    // Each page's script is src/webview/<page>/page.ts; it becomes dist/pages/<page>.js.
    entryPoints: Object.fromEntries(PAGES.map((page) => [page, `src/webview/${page}/page.ts`])),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    outdir: 'dist/pages',
    minify: production,
    logLevel: 'warning',
  });
  const ctx = await esbuild.context({
    entryPoints: ['src/extension.ts'],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outfile: 'dist/extension.js',
    external: ['vscode'],
    // ofetch's Node entry bundles a fetch polyfill (~115 KiB); the extension host's
    // Node has fetch built in, so take ofetch's plain entry, which uses globalThis.fetch.
    conditions: ['worker'],
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
  if (watch) {
    await Promise.all([ctx.watch(), pages.watch()]);
    return;
  }
  const [result] = await Promise.all([ctx.rebuild(), pages.rebuild()]);
  await Promise.all([ctx.dispose(), pages.dispose()]);
  const bytes = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0;
  console.log(`esbuild: dist/extension.js ${(bytes / 1024).toFixed(1)} KiB${production ? ' (minified)' : ''}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
