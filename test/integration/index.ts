// Entry point of the extension-host suite: the module VS Code loads as
// `extensionTestsPath`. The same file serves the web workbench harness and
// @vscode/test-electron.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30_000, reporter: 'spec' });
  for (const file of fs.readdirSync(__dirname).sort()) {
    if (file.endsWith('.test.js')) {
      mocha.addFile(path.join(__dirname, file));
    }
  }
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const stats = runner.stats;
      // A plain closing line that CI reads as the result of this run.
      console.log(`integration: ${stats?.passes ?? 0} passed, ${stats?.failures ?? failures} failed`);
      if (failures > 0) {
        reject(new Error(`${failures} integration test(s) failed`));
      } else {
        resolve();
      }
    });
  });
}
