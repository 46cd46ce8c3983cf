// One bundle of translations for the whole extension. This layer translates
// with `vscode.l10n.t`; the plain layers (src/api, src/model, src/market,
// src/webview) cannot import `vscode` and use the small `@vscode/l10n`
// package instead, which is given the very bundle VS Code loaded for us
// (l10n/bundle.l10n.<language>.json). Numbers and times follow the same
// display language.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { setDisplayLocale } from '../../model/format';

/** Runs first in activate(), before anything builds a string. */
export function configureLocalization(): void {
  // No bundle in English (or in a language we have no translation for): the source strings are the English ones.
  l10n.config({ contents: vscode.l10n.bundle ?? {} });
  setDisplayLocale(vscode.env.language);
}
