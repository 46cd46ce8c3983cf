// Every counted message has its singular (issue 28, item 4: "1 machines match
// the watch"): each is rendered for 0, 1, 2 and 5 in English and in German,
// with the German bundle loaded as src/vscode/services/l10n.ts does.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import {
  filteredOf,
  filterPrompt,
  firstLookMessage,
  machinesListed,
  machinesMatchFilter,
  machinesMatchWatch,
  newMachinesBadge,
  showMoreMachines,
  toolMachinesHeader,
  toolTemplatesHeader,
} from '../../../src/model/countText';
import { setDisplayLocale } from '../../../src/model/format';

const root = path.join(__dirname, '..', '..', '..', '..');
const COUNTS = [0, 1, 2, 5];

/** Each message, given a count n (the other count, where there is one, is n + 3 or n itself for "of n"). */
const MESSAGES: Record<string, (n: number) => string> = {
  machinesMatchWatch: (n) => machinesMatchWatch(n, 'H100'),
  machinesMatchFilter: (n) => machinesMatchFilter(n, 'gpus>=8'),
  machinesListed: (n) => machinesListed(n),
  showMoreMachines: (n) => showMoreMachines(n, 7),
  'filteredOf machine (matching)': (n) => filteredOf('machine', 'f', n, 9),
  'filteredOf machine (total)': (n) => filteredOf('machine', 'f', 0, n),
  'filteredOf template (total)': (n) => filteredOf('template', 'f', 0, n),
  firstLookMessage: (n) => firstLookMessage(n),
  newMachinesBadge: (n) => newMachinesBadge(n),
  'filterPrompt (matching)': (n) => filterPrompt(n, 9, false),
  'filterPrompt (total, empty filter)': (n) => filterPrompt(0, n, true),
  'filterPrompt (both, empty filter)': (n) => filterPrompt(n, n, true),
  'toolMachinesHeader (matching)': (n) => toolMachinesHeader(n, 9, 'gpus>=8', 'price', 'ascending', 0),
  'toolMachinesHeader (total, no filter)': (n) => toolMachinesHeader(n, n, undefined, 'price', 'ascending', 0),
  'toolTemplatesHeader (matching)': (n) => toolTemplatesHeader(n, 9, 0),
  'toolTemplatesHeader (total)': (n) => toolTemplatesHeader(0, n, 0),
  'toolTemplatesHeader (both)': (n) => toolTemplatesHeader(n, n, n),
};

const render = () => Object.fromEntries(Object.entries(MESSAGES).map(([name, message]) => [name, COUNTS.map(message)]));

const ENGLISH = {
  machinesMatchWatch: ['0 machines match the watch H100', '1 machine matches the watch H100', '2 machines match the watch H100', '5 machines match the watch H100'],
  machinesMatchFilter: ['0 machines match the filter gpus>=8', '1 machine matches the filter gpus>=8', '2 machines match the filter gpus>=8', '5 machines match the filter gpus>=8'],
  machinesListed: ['0 machines listed', '1 machine listed', '2 machines listed', '5 machines listed'],
  showMoreMachines: ['Show 0 more machines, 7 left', 'Show 1 more machine, 7 left', 'Show 2 more machines, 7 left', 'Show 5 more machines, 7 left'],
  'filteredOf machine (matching)': ['f · 0 of 9 machines', 'f · 1 of 9 machines', 'f · 2 of 9 machines', 'f · 5 of 9 machines'],
  'filteredOf machine (total)': ['f · 0 of 0 machines', 'f · 0 of 1 machine', 'f · 0 of 2 machines', 'f · 0 of 5 machines'],
  'filteredOf template (total)': ['f · 0 of 0 templates', 'f · 0 of 1 template', 'f · 0 of 2 templates', 'f · 0 of 5 templates'],
  firstLookMessage: [
    'Loading: the first 0 machines are shown while the rest arrive…',
    'Loading: the first machine is shown while the rest arrive…',
    'Loading: the first 2 machines are shown while the rest arrive…',
    'Loading: the first 5 machines are shown while the rest arrive…',
  ],
  newMachinesBadge: ['0 new machines match your watches', '1 new machine matches a watch', '2 new machines match your watches', '5 new machines match your watches'],
  'filterPrompt (matching)': ['0 of 9 machines match.', '1 of 9 machines matches.', '2 of 9 machines match.', '5 of 9 machines match.'],
  'filterPrompt (total, empty filter)': [
    '0 of 0 machines match (an empty filter shows all).',
    '0 of 1 machine match (an empty filter shows all).',
    '0 of 2 machines match (an empty filter shows all).',
    '0 of 5 machines match (an empty filter shows all).',
  ],
  'filterPrompt (both, empty filter)': [
    '0 of 0 machines match (an empty filter shows all).',
    '1 of 1 machine matches (an empty filter shows all).',
    '2 of 2 machines match (an empty filter shows all).',
    '5 of 5 machines match (an empty filter shows all).',
  ],
  'toolMachinesHeader (matching)': [
    '0 of 9 listed machines match the query gpus>=8; sorted by price ascending; showing 0.',
    '1 of 9 listed machines matches the query gpus>=8; sorted by price ascending; showing 0.',
    '2 of 9 listed machines match the query gpus>=8; sorted by price ascending; showing 0.',
    '5 of 9 listed machines match the query gpus>=8; sorted by price ascending; showing 0.',
  ],
  'toolMachinesHeader (total, no filter)': [
    '0 of 0 listed machines match all machines (no filter); sorted by price ascending; showing 0.',
    '1 of 1 listed machine matches all machines (no filter); sorted by price ascending; showing 0.',
    '2 of 2 listed machines match all machines (no filter); sorted by price ascending; showing 0.',
    '5 of 5 listed machines match all machines (no filter); sorted by price ascending; showing 0.',
  ],
  'toolTemplatesHeader (matching)': ['0 of 9 templates match; showing 0.', '1 of 9 templates matches; showing 0.', '2 of 9 templates match; showing 0.', '5 of 9 templates match; showing 0.'],
  'toolTemplatesHeader (total)': ['0 of 0 templates match; showing 0.', '0 of 1 template match; showing 0.', '0 of 2 templates match; showing 0.', '0 of 5 templates match; showing 0.'],
  'toolTemplatesHeader (both)': ['0 of 0 templates match; showing 0.', '1 of 1 template matches; showing 1.', '2 of 2 templates match; showing 2.', '5 of 5 templates match; showing 5.'],
};

const GERMAN = {
  machinesMatchWatch: ['0 Maschinen passen zur Beobachtung H100', '1 Maschine passt zur Beobachtung H100', '2 Maschinen passen zur Beobachtung H100', '5 Maschinen passen zur Beobachtung H100'],
  machinesMatchFilter: ['0 Maschinen passen zum Filter gpus>=8', '1 Maschine passt zum Filter gpus>=8', '2 Maschinen passen zum Filter gpus>=8', '5 Maschinen passen zum Filter gpus>=8'],
  machinesListed: ['0 Maschinen gelistet', '1 Maschine gelistet', '2 Maschinen gelistet', '5 Maschinen gelistet'],
  showMoreMachines: ['0 weitere Maschinen anzeigen, 7 übrig', '1 weitere Maschine anzeigen, 7 übrig', '2 weitere Maschinen anzeigen, 7 übrig', '5 weitere Maschinen anzeigen, 7 übrig'],
  'filteredOf machine (matching)': ['f · 0 von 9 Maschinen', 'f · 1 von 9 Maschinen', 'f · 2 von 9 Maschinen', 'f · 5 von 9 Maschinen'],
  'filteredOf machine (total)': ['f · 0 von 0 Maschinen', 'f · 0 von 1 Maschine', 'f · 0 von 2 Maschinen', 'f · 0 von 5 Maschinen'],
  'filteredOf template (total)': ['f · 0 von 0 Vorlagen', 'f · 0 von 1 Vorlage', 'f · 0 von 2 Vorlagen', 'f · 0 von 5 Vorlagen'],
  firstLookMessage: [
    'Wird geladen: Die ersten 0 Maschinen werden angezeigt, während der Rest eintrifft…',
    'Wird geladen: Die erste Maschine wird angezeigt, während der Rest eintrifft…',
    'Wird geladen: Die ersten 2 Maschinen werden angezeigt, während der Rest eintrifft…',
    'Wird geladen: Die ersten 5 Maschinen werden angezeigt, während der Rest eintrifft…',
  ],
  newMachinesBadge: [
    '0 neue Maschinen passen zu Ihren Beobachtungen',
    '1 neue Maschine passt zu einer Beobachtung',
    '2 neue Maschinen passen zu Ihren Beobachtungen',
    '5 neue Maschinen passen zu Ihren Beobachtungen',
  ],
  'filterPrompt (matching)': ['0 von 9 Maschinen passen.', '1 von 9 Maschinen passt.', '2 von 9 Maschinen passen.', '5 von 9 Maschinen passen.'],
  'filterPrompt (total, empty filter)': [
    '0 von 0 Maschinen passen (ein leerer Filter zeigt alle).',
    '0 von 1 Maschine passen (ein leerer Filter zeigt alle).',
    '0 von 2 Maschinen passen (ein leerer Filter zeigt alle).',
    '0 von 5 Maschinen passen (ein leerer Filter zeigt alle).',
  ],
  'filterPrompt (both, empty filter)': [
    '0 von 0 Maschinen passen (ein leerer Filter zeigt alle).',
    '1 von 1 Maschine passt (ein leerer Filter zeigt alle).',
    '2 von 2 Maschinen passen (ein leerer Filter zeigt alle).',
    '5 von 5 Maschinen passen (ein leerer Filter zeigt alle).',
  ],
  'toolMachinesHeader (matching)': [
    '0 von 9 gelisteten Maschinen passen zur Abfrage gpus>=8; sortiert nach price ascending; 0 angezeigt.',
    '1 von 9 gelisteten Maschinen passt zur Abfrage gpus>=8; sortiert nach price ascending; 0 angezeigt.',
    '2 von 9 gelisteten Maschinen passen zur Abfrage gpus>=8; sortiert nach price ascending; 0 angezeigt.',
    '5 von 9 gelisteten Maschinen passen zur Abfrage gpus>=8; sortiert nach price ascending; 0 angezeigt.',
  ],
  'toolMachinesHeader (total, no filter)': [
    '0 von 0 gelisteten Maschinen passen: alle Maschinen (kein Filter); sortiert nach price ascending; 0 angezeigt.',
    '1 von 1 gelisteten Maschine passt: alle Maschinen (kein Filter); sortiert nach price ascending; 0 angezeigt.',
    '2 von 2 gelisteten Maschinen passen: alle Maschinen (kein Filter); sortiert nach price ascending; 0 angezeigt.',
    '5 von 5 gelisteten Maschinen passen: alle Maschinen (kein Filter); sortiert nach price ascending; 0 angezeigt.',
  ],
  'toolTemplatesHeader (matching)': ['0 von 9 Vorlagen passen; 0 angezeigt.', '1 von 9 Vorlagen passt; 0 angezeigt.', '2 von 9 Vorlagen passen; 0 angezeigt.', '5 von 9 Vorlagen passen; 0 angezeigt.'],
  'toolTemplatesHeader (total)': ['0 von 0 Vorlagen passen; 0 angezeigt.', '0 von 1 Vorlage passen; 0 angezeigt.', '0 von 2 Vorlagen passen; 0 angezeigt.', '0 von 5 Vorlagen passen; 0 angezeigt.'],
  'toolTemplatesHeader (both)': ['0 von 0 Vorlagen passen; 0 angezeigt.', '1 von 1 Vorlage passt; 1 angezeigt.', '2 von 2 Vorlagen passen; 2 angezeigt.', '5 von 5 Vorlagen passen; 5 angezeigt.'],
};

describe('countText: every counted message, singular and plural', () => {
  it('English: one thing in the singular, 0, 2 and 5 in the plural', () => {
    assert.deepEqual(render(), ENGLISH);
  });

  describe('German (the bundle VS Code loads)', () => {
    before(() => {
      l10n.config({ contents: JSON.parse(fs.readFileSync(path.join(root, 'l10n', 'bundle.l10n.de.json'), 'utf8')) as Record<string, string> });
      setDisplayLocale('de');
    });
    after(() => {
      l10n.config({ contents: {} });
      setDisplayLocale('en');
    });

    it('German splits at 1 as English does', () => {
      assert.deepEqual(render(), GERMAN);
    });
  });
});
