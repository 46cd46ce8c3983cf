// Issue 28, item 6: with two machines selected, right-clicking a third one
// offered no Show Machine Details (`!listMultiSelection` hid it, and a
// right-click does not change the selection). Every row's menu offers what
// applies to that row, whatever else is selected.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ALWAYS_OFFERED, RIGHT_CLICKS, contextMenu, evaluateWhen, rowContext, type MenuEntry } from '../../support/contextMenus';

const root = path.resolve(__dirname, '../../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { contributes: { menus: Record<string, MenuEntry[]> } };
const entries = manifest.contributes.menus['view/item/context'];

describe('view/item/context menus', () => {
  it('the when-clause reader reads what VS Code reads', () => {
    const context = { view: 'v', viewItem: 'machine', listMultiSelection: true };
    assert.equal(evaluateWhen('view == v && viewItem == machine', context), true);
    assert.equal(evaluateWhen('view == v && !listMultiSelection', context), false);
    assert.equal(evaluateWhen('view == w || listMultiSelection', context), true);
    assert.equal(evaluateWhen('viewItem != machine', context), false);
  });

  for (const [kind, expected] of Object.entries(ALWAYS_OFFERED)) {
    for (const click of RIGHT_CLICKS) {
      it(`a ${kind}'s menu, right-clicking ${click.name}, offers what applies to it`, () => {
        const menu = contextMenu(entries, { ...rowContext(expected.view, expected.viewItem, click), ...expected.when });
        for (const command of expected.commands) {
          assert.ok(menu.includes(command), `${command} is offered: ${menu.join(', ')}`);
        }
        for (const command of expected.withMultiSelection) {
          assert.equal(menu.includes(command), click.multi, `${command} only with a multi-selection`);
        }
      });
    }
  }

  it('every entry is for a known row kind, and no when clause reads the selection but Compare', () => {
    for (const entry of entries) {
      const kind = Object.values(ALWAYS_OFFERED).find((k) => entry.when?.includes(`viewItem == ${k.viewItem}`));
      assert.ok(kind, `${entry.command}: ${entry.when}`);
      assert.ok([...kind.commands, ...kind.withMultiSelection].includes(entry.command), `${entry.command} is in the table of what applies`);
      assert.equal(entry.when?.includes('listMultiSelection') ?? false, kind.withMultiSelection.includes(entry.command), `${entry.command}: ${entry.when}`);
    }
  });
});
