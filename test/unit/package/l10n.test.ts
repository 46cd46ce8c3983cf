// The translations: the English bundle is what the source says (it is
// generated, never edited), every manifest string goes through
// package.nls.json, and each translation has every string, no other, with
// its placeholders and links intact. `npm run l10n` regenerates the English
// bundle and the pseudo-locale files; l10n.files.test.ts checks that they are
// up to date.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { arrangedGroupDescription, arrangeMachines } from '../../../src/model/arrange';
import { setDisplayLocale } from '../../../src/model/format';
import { machineDetails, machineSummary } from '../../../src/model/machines';
import { parseQuery } from '../../../src/model/query';
import { statusMessage } from '../../../src/model/status';
import { compareContent, freshColumns } from '../../../src/webview/compare/content';
import { detailsShell } from '../../../src/webview/details/content';
import { machineRecord } from '../../support/records';

const root = path.join(__dirname, '..', '..', '..', '..');
/** The translations we ship, by VS Code language id (the pseudo-locale is generated, and checked apart). */
const LANGUAGES = ['de'];

type Bundle = Record<string, string | { message: string; comment: string[] }>;

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;
}

const messageOf = (value: Bundle[string]) => (typeof value === 'string' ? value : value.message);
const placeholders = (text: string) => (text.match(/\{\d+\}/g) ?? []).sort();
const links = (text: string) => (text.match(/\]\([^)]*\)/g) ?? []).sort();
const settingRefs = (text: string) => (text.match(/#[\w.]+#/g) ?? []).sort();

describe('translations: the manifest', () => {
  const pkg = readJson<Record<string, unknown>>('package.json');
  const nls = readJson<Record<string, string>>('package.nls.json');

  /** Every string in package.json with the path to it. */
  function strings(value: unknown, at: string, out: [string, string][] = []): [string, string][] {
    if (typeof value === 'string') out.push([at, value]);
    else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${at}[${i}]`, out));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, `${at}.${k}`, out);
    return out;
  }

  it('every %key% in package.json has an entry in package.nls.json, and every entry is used', () => {
    const used = strings(pkg, 'package').flatMap(([, s]) => [...s.matchAll(/^%([^%]+)%$/g)].map((m) => m[1]));
    assert.ok(used.length > 90, `${used.length} keys used`);
    assert.deepEqual(used.filter((k) => !(k in nls)), [], 'keys without an entry in package.nls.json');
    assert.deepEqual(Object.keys(nls).filter((k) => !used.includes(k)), [], 'entries no %key% uses');
  });

  it('every manifest string a person reads is a %key% (titles, names, labels, descriptions, welcome content, walkthroughs)', () => {
    // Command ids, when clauses, icons, enum values and schema types are not read by people; these keys are.
    const read = /\.(displayName|description|markdownDescription|title|name|label|contextualTitle|category|contents|patternErrorMessage|deprecationMessage|markdownDeprecationMessage|enumDescriptions\[\d+\]|markdownEnumDescriptions\[\d+\]|enumItemLabels\[\d+\]|userDescription|modelDescription|altText)$/;
    // What a model reads (a tool's modelDescription and input schema) stays in English: see test/unit/tools.test.ts.
    const notPeople = /^package\.(name|publisher|contributes\.languageModelTools\[\d+\]\.(name|modelDescription|inputSchema\..+))$/;
    const english = strings({ displayName: pkg.displayName, description: pkg.description, contributes: pkg.contributes }, 'package')
      .filter(([at, s]) => read.test(at) && !notPeople.test(at) && !/^%[^%]+%$/.test(s))
      .map(([at, s]) => `${at} = ${JSON.stringify(s.slice(0, 60))}`);
    assert.deepEqual(english, []);
  });
});

for (const language of LANGUAGES) {
  describe(`translations: ${language}`, () => {
    const files: [string, string][] = [
      ['l10n/bundle.l10n.json', `l10n/bundle.l10n.${language}.json`],
      ['package.nls.json', `package.nls.${language}.json`],
    ];
    for (const [englishFile, translatedFile] of files) {
      it(`${translatedFile} has every key of ${englishFile}, and no other`, () => {
        const english = Object.keys(readJson<Bundle>(englishFile));
        const translated = Object.keys(readJson<Bundle>(translatedFile));
        assert.deepEqual(english.filter((k) => !translated.includes(k)), [], 'missing');
        assert.deepEqual(translated.filter((k) => !english.includes(k)), [], 'not in the English file (any more)');
      });

      it(`${translatedFile} keeps every placeholder, command link and setting reference, and translates into text`, () => {
        const english = readJson<Bundle>(englishFile);
        const translated = readJson<Record<string, unknown>>(translatedFile);
        const broken: string[] = [];
        for (const [key, value] of Object.entries(english)) {
          const source = messageOf(value);
          const target = translated[key];
          if (typeof target !== 'string' || target.trim() === '') {
            broken.push(`${key}: not a text`);
            continue;
          }
          for (const [what, of] of [['placeholders', placeholders], ['links', links], ['setting references', settingRefs]] as const) {
            if (JSON.stringify(of(source)) !== JSON.stringify(of(target))) broken.push(`${key}: ${what} ${JSON.stringify(of(source))} → ${JSON.stringify(of(target))}`);
          }
        }
        assert.deepEqual(broken, []);
      });
    }
  });
}

describe('translations: the plain layers take the bundle VS Code loads', () => {
  // As src/vscode/services/l10n.ts does at activation, with the German files.
  before(() => {
    l10n.config({ contents: readJson<Record<string, string>>('l10n/bundle.l10n.de.json') });
    setDisplayLocale('de');
  });
  after(() => {
    l10n.config({ contents: {} });
    setDisplayLocale('en');
  });

  const machine = machineRecord({ price: '7.40', gpu_count: 4, online_rate: 0.9973, region: 'eu-west', nvlink_status: true, gpu_memory: 81920 });

  it('labels, summaries, group descriptions and status lines are German, numbers in German form', () => {
    assert.equal(machineSummary(machine), '7,40 (1,85/GPU) · VRAM 81.920 · eu-west · 99,73\u00a0% online · NVLink');
    const labels = machineDetails(machine).map((r) => r.label);
    assert.deepEqual(labels.slice(0, 4), ['Preis', 'Preis pro GPU', 'Labels', 'Knoten-ID']);
    const [group] = arrangeMachines([machine], { groupBy: 'gpu', sortBy: 'pricePerGpu', order: 'ascending' });
    assert.equal(arrangedGroupDescription(group), '1 Maschine · ab 1,85/GPU');
    const at = new Date(2026, 0, 1, 14, 2, 11);
    assert.equal(
      statusMessage({ noun: 'machine', count: 5, fetchedAt: at, errorMessage: 'X.', skipped: 2, incomplete: undefined }),
      'Veraltet: Angezeigt werden Daten von 14:02:11. Aktualisierung fehlgeschlagen: X. 2 Einträge übersprungen, siehe Protokoll.',
    );
    const parsed = parseQuery('vrma>=2');
    assert.equal(parsed.ok ? '' : parsed.error.message, "unbekanntes Feld 'vrma' an Position 1; meinten Sie 'vram'?");
  });

  it('webview pages and the compare table have German words and a German lang attribute', () => {
    const html = detailsShell({ nonce: 'n', cspSource: 'c', styleUris: ['s'], scriptUri: 'j' });
    assert.match(html, /<html lang="de">/);
    assert.match(html, />Knoten-ID kopieren</);
    assert.match(html, /<caption>Details der Maschine<\/caption>/);
    const content = compareContent({ columns: freshColumns([machine, machineRecord({ price: '9.00' })]) });
    assert.equal(content.title, '2 Maschinen vergleichen');
    assert.deepEqual(content.labels, { field: 'Feld', best: 'bester Wert', copyNodeId: 'Knoten-ID kopieren', showDetails: 'Details anzeigen', remove: 'Entfernen' });
    assert.equal(content.rows.find((r) => r.key === 'price')?.label, 'Preis');
  });
});
