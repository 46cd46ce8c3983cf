// Entry point of the extension-host suite: the module VS Code loads as
// `extensionTestsPath`. The same file serves the web workbench harness and
// @vscode/test-electron.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30_000, reporter: 'spec' });
  // GPU_RENTAL_INTEGRATION_GREP: run only the tests whose title matches (while working on them).
  const grep = process.env.GPU_RENTAL_INTEGRATION_GREP;
  if (grep) {
    mocha.grep(new RegExp(grep, 'i'));
  }
  for (const file of fs.readdirSync(__dirname).sort()) {
    if (file.endsWith('.test.js')) {
      mocha.addFile(path.join(__dirname, file));
    }
  }
  // A promise of ours that nobody awaited and that failed is a bug even when
  // every test passed: record them all, fail the run on one from our code.
  const unhandled: string[] = [];
  const onUnhandled = (reason: unknown) => {
    const text = reason instanceof Error ? `${reason.name}: ${reason.message}\n${reason.stack ?? ''}` : String(reason);
    unhandled.push(text);
  };
  process.on('unhandledRejection', onUnhandled);
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      process.off('unhandledRejection', onUnhandled);
      // Our code's paths: the installed extension's folder (publisher.name), the bundle, the compiled sources (not the harness's cache, ~/.cache/gpu-rental/).
      const ours = unhandled.filter((text) => /gpu-rental\.gpu-rental|dist[\\/]extension\.js|out[\\/](src|test|dev)[\\/]/.test(text));
      for (const text of unhandled) {
        console.log(`unhandled rejection${ours.includes(text) ? ' (from this extension)' : ' (elsewhere)'}: ${text}`);
      }
      const stats = runner.stats;
      const failed = (stats?.failures ?? failures) + (ours.length ? 1 : 0);
      // A plain closing line that CI reads as the result of this run.
      console.log(`integration: ${stats?.passes ?? 0} passed, ${failed} failed`);
      if (failed > 0) {
        reject(new Error(ours.length ? `${ours.length} unhandled promise rejection(s) from the extension` : `${failures} integration test(s) failed`));
      } else {
        resolve();
      }
    });
  });
}
