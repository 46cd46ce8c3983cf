// Starting the web workbench in another display language. What decides the
// language, read in the VS Code server that code-server 4.139.1 and 4.100.3
// ship (code-server's display-language patch, in webClientServer.ts and
// remoteLanguagePacks.ts):
// - the server takes the locale from its `--locale` option, else from
//   `locale` in USER_DATA_DIR/User/argv.json. When that file is missing it
//   reads "en", so the `vscode.nls.locale` cookie, Accept-Language and
//   Chromium's --lang are never consulted;
// - it switches only when a language pack for that locale is registered in
//   USER_DATA_DIR/languagepacks.json (which the server writes when it installs
//   a pack). The page then gets `_VSCODE_NLS_LANGUAGE`, which becomes the
//   workbench's language, the extension host's `vscode.env.language`, the
//   `l10n/bundle.l10n.<locale>.json` it loads for an extension, and the
//   `package.nls.<locale>.json` the server picks for its manifest;
// - without a registered pack everything stays English.
// So a run in another language gets a minimal pack for that locale (no
// translations of VS Code itself: its own UI stays English) and `--locale`.
// Plain Node: this file must not import `vscode`.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Writes a language pack that contributes `locale` with no translations; returns its folder. */
export function writeLanguagePack(parent: string, locale: string): string {
  const folder = path.join(parent, `language-pack-${locale}`);
  fs.mkdirSync(path.join(folder, 'translations'), { recursive: true });
  const manifest = {
    name: `language-pack-${locale}`,
    publisher: 'gpu-rental-tests',
    version: '1.0.0',
    engines: { vscode: '^1.100.0' },
    contributes: {
      localizations: [{ languageId: locale, languageName: locale, localizedLanguageName: locale, translations: [{ id: 'vscode', path: './translations/main.i18n.json' }] }],
    },
  };
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify(manifest, null, 2));
  // The messages of VS Code itself: none, so the workbench keeps its English ones.
  fs.writeFileSync(path.join(folder, 'translations', 'main.i18n.json'), JSON.stringify({ version: '1.0.0', contents: {} }));
  return folder;
}

/**
 * Registers an installed pack (copied to `installedFolder`) in
 * languagepacks.json, in the shape the server writes after installing one.
 */
export function registerLanguagePack(userDataDir: string, installedFolder: string): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(installedFolder, 'package.json'), 'utf8'));
  const id = `${manifest.publisher}.${manifest.name}`;
  const file = path.join(userDataDir, 'languagepacks.json');
  const packs: Record<string, unknown> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  for (const localization of manifest.contributes.localizations as { languageId: string; languageName: string; translations: { id: string; path: string }[] }[]) {
    packs[localization.languageId] = {
      // Any stable text: the server names its cache of generated messages after it.
      hash: `${id}-${manifest.version}`.replace(/[^\w.-]/g, '_'),
      extensions: [{ extensionIdentifier: { id }, version: manifest.version }],
      translations: Object.fromEntries(localization.translations.map((t) => [t.id, path.join(installedFolder, t.path)])),
      label: localization.languageName,
    };
  }
  fs.writeFileSync(file, JSON.stringify(packs));
}
