// Bundles the extension into one CommonJS file, dist/extension.js.
// `vscode` is provided by the editor at run time and must stay external.
const esbuild = require('esbuild');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

async function main() {
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
    await ctx.watch();
    return;
  }
  const result = await ctx.rebuild();
  await ctx.dispose();
  const bytes = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0;
  console.log(`esbuild: dist/extension.js ${(bytes / 1024).toFixed(1)} KiB${production ? ' (minified)' : ''}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
