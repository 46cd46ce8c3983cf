// `npm run test:mutation` runs on a fresh clone: Stryker's sandbox builds
// with `tsc` alone, so a unit test that runs the built command line
// (dist/cli.js) fails its dry run unless stryker.config.json leaves it out by
// name; and it builds with what is on the PATH it gives the sandbox. A new
// test of the CLI as a process, or a build command with a path into
// node_modules, is caught here, not by a person whose mutation run stops
// before it starts (issue 35.5).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..', '..', '..', '..');

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    return e.isDirectory() ? testFiles(rel) : rel.endsWith('.test.ts') ? [rel] : [];
  });
}

const config = JSON.parse(fs.readFileSync(path.join(root, 'stryker.config.json'), 'utf8')) as { buildCommand: string; mochaOptions: { ignore: string[] } };

describe('stryker.config.json', () => {
  it('leaves out every unit test that needs dist/cli.js, which its sandbox does not build', () => {
    const needBuild = testFiles('test/unit')
      .filter((file) => /\b(requireBuiltCli|demoForCli)\(\);/.test(fs.readFileSync(path.join(root, file), 'utf8')))
      .map((file) => `out/${file.replace(/\.ts$/, '.js')}`);
    assert.ok(needBuild.includes('out/test/unit/cli/process.test.js') && needBuild.includes('out/test/unit/cli/process.large.test.js'), 'the CLI process tests are found');
    assert.deepEqual(
      needBuild.filter((file) => !config.mochaOptions.ignore.includes(file)),
      [],
      'add these to mochaOptions.ignore in stryker.config.json',
    );
  });

  it('builds with a command on the PATH it gives the sandbox (node_modules/.bin), not a path into node_modules, which the sandbox has not yet when it builds', () => {
    const [program] = config.buildCommand.split(' ');
    assert.ok(fs.existsSync(path.join(root, 'node_modules', '.bin', program)), `${program} is not in node_modules/.bin`);
    assert.doesNotMatch(config.buildCommand, /node_modules/);
  });
});
