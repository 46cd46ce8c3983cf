// Our user-facing strings, read from the files the extension ships: what a
// string reads as in a display language (so scenarios can find "Machines" in
// any language), and the English words of ours that must not show there.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../../dev/repoRoot';

type Bundle = Record<string, string | { message: string }>;

function read(file: string): Bundle {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as Bundle;
}

const text = (value: Bundle[string]) => (typeof value === 'string' ? value : value.message);

/** English text → the same text in `locale` (both the manifest's strings and the code's bundle); English itself is the identity. */
export function translator(locale: string | undefined): (english: string) => string {
  if (!locale || locale === 'en') return (english) => english;
  const map = new Map<string, string>();
  for (const [englishFile, localFile] of [['package.nls.json', `package.nls.${locale}.json`], ['l10n/bundle.l10n.json', `l10n/bundle.l10n.${locale}.json`]]) {
    const english = read(englishFile);
    const local = read(localFile);
    for (const [key, value] of Object.entries(english)) {
      if (typeof local[key] === 'string') map.set(text(value), local[key] as string);
    }
  }
  return (english) => {
    const found = map.get(english);
    if (found === undefined) throw new Error(`no ${locale} text for ${JSON.stringify(english)} in package.nls.json or l10n/bundle.l10n.json`);
    return found;
  };
}

/**
 * The English words of ours, each as a whole-word, case-sensitive pattern:
 * every string of package.nls.json and l10n/bundle.l10n.json cut at its
 * placeholders, links, code (`x`, [a, b], names with - = < > _) and
 * punctuation into runs of words, keeping runs of at
 * least four letters (shorter ones, such as "ID" or "no", also turn up in data).
 */
export function englishWords(): { text: string; pattern: RegExp }[] {
  const runs = new Set<string>();
  for (const file of ['package.nls.json', 'l10n/bundle.l10n.json']) {
    for (const value of Object.values(read(file))) {
      const plain = text(value).replace(/\]\([^)]*\)/g, ']').replace(/`[^`]*`|#[\w.]+#|\{\d+\}|\[[^\]]*\]|https?:\/\/\S*|\S*[-=<>_]\S*/g, ' | ');
      for (const run of plain.split(/[^A-Za-z' ]+/)) {
        const words = run.trim();
        if (words.replace(/[^A-Za-z]/g, '').length >= 4) runs.add(words);
      }
    }
  }
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...runs].map((run) => ({ text: run, pattern: new RegExp(`(?<![A-Za-z])${escape(run)}(?![A-Za-z])`) }));
}

/**
 * Letters that pseudo-localisation puts in place of ASCII ones ("Machines" →
 * "Ḿȧȧƈħīƞḗḗş"): Latin Extended-A and -B and Latin Extended Additional, in
 * either case (VS Code 1.100 shows the side bar title upper-cased).
 */
export const PSEUDO_TEXT = /[\u0100-\u024f\u1e00-\u1eff]/;
