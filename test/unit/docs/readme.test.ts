// The README is the user's guide: it names every setting and every command the
// Command Palette offers, so that what a person finds in VS Code is explained.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('the README', () => {
  const readme = read('README.md');
  const pkg = JSON.parse(read('package.json'));
  const nls: Record<string, string> = JSON.parse(read('package.nls.json'));
  const text = (value: string) => nls[/^%(.+)%$/.exec(value)?.[1] ?? ''] ?? value;

  it('names every setting, as `gpuRental.…`', () => {
    const keys = [pkg.contributes.configuration].flat().flatMap((c: { properties: object }) => Object.keys(c.properties));
    assert.ok(keys.length >= 10, `${keys.length} settings`);
    assert.deepEqual(keys.filter((key) => !readme.includes(`\`${key}\``)), []);
  });

  it('names every command the Command Palette offers, by its title', () => {
    const hidden = new Set((pkg.contributes.menus.commandPalette as { command: string; when?: string }[]).filter((m) => m.when === 'false').map((m) => m.command));
    const offered = (pkg.contributes.commands as { command: string; title: string }[]).filter((c) => !hidden.has(c.command));
    assert.ok(offered.length >= 20, `${offered.length} commands`);
    assert.deepEqual(offered.filter((c) => !readme.includes(text(c.title))).map((c) => `${c.command}: ${text(c.title)}`), []);
  });
});
