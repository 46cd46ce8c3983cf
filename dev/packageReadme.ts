// Writes dist/README.md, the README inside gpu-rental.vsix (`npm run package`
// passes it to vsce with --readme-path): the extension's page in VS Code. It is
// README.md without what only developers need (the quick start for this
// repository, the screenshot gallery, how it is built, development) and
// without the images the package does not ship: the README's screenshots
// would triple the package, so only SHIPPED_IMAGES go in (.vscodeignore lists
// the same files), and every other picture is left out rather than broken.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './repoRoot';

export const PACKAGE_README = path.join(repoRoot, 'dist', 'README.md');

/** The README's pictures that the package carries (see .vscodeignore). */
export const SHIPPED_IMAGES = ['media/screenshots/overview.png', 'media/screenshots/hover.png'];

/** Top-level sections for developers of this repository, not for users of the extension. */
const DEVELOPER_SECTIONS = [/^Quick start\b/i, /^Screenshots$/i, /^Speed$/i, /^How it is built$/i, /^Development$/i];

const MARKDOWN_IMAGE = /!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const HTML_IMAGE = /<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["'][^>]*>/gi;
const LINK = /(?<!!)\[([^\]]+)\]\(\s*([^)\s]+)\s*\)/g;

function isRelative(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#') && !target.startsWith('//');
}

function normalize(target: string): string {
  return path.posix.normalize(decodeURI(target.split('#')[0]).replace(/^\.\//, ''));
}

/** Every image a Markdown text shows (Markdown and <img>), as written. */
export function imagesIn(markdown: string): string[] {
  return [...markdown.matchAll(MARKDOWN_IMAGE), ...markdown.matchAll(HTML_IMAGE)].map((m) => m[1]);
}

function withoutSections(markdown: string): string {
  const parts = markdown.split(/^(?=## )/m);
  return parts.filter((part) => !DEVELOPER_SECTIONS.some((re) => re.test(part.slice(3).split('\n')[0].trim()) && part.startsWith('## '))).join('');
}

function isTableRow(line: string): boolean {
  return /^\s*\|.*\|\s*$/.test(line);
}

function isSeparatorRow(line: string): boolean {
  return /^\s*\|(\s*:?-{3,}:?\s*\|)+\s*$/.test(line);
}

/** Removes images not shipped; drops lines and table rows that then show nothing, and tables left without rows. */
function withShippedImagesOnly(markdown: string, shipped: ReadonlySet<string>): string {
  const keep = (src: string) => !isRelative(src) || shipped.has(normalize(src));
  const lines: string[] = [];
  for (const line of markdown.split('\n')) {
    const hadImage = imagesIn(line).length > 0;
    const stripped = line.replace(MARKDOWN_IMAGE, (all, src: string) => (keep(src) ? all : '')).replace(HTML_IMAGE, (all, src: string) => (keep(src) ? all : ''));
    if (hadImage && stripped !== line) {
      if (stripped.trim() === '') continue;
      // A table row whose cells, past the first (its label), are now all empty.
      if (isTableRow(stripped) && stripped.split('|').slice(2, -1).every((cell) => cell.trim() === '')) continue;
    }
    lines.push(stripped);
  }
  // A header and separator with no rows under them.
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (isTableRow(lines[i]) && isSeparatorRow(lines[i + 1] ?? '') && !isTableRow(lines[i + 2] ?? '')) {
      i++;
      continue;
    }
    out.push(lines[i]);
  }
  return out.join('\n');
}

/** Relative links to files the package does not carry become their text. */
function withoutDeadLinks(markdown: string, packaged: (file: string) => boolean): string {
  return markdown.replace(LINK, (all, text: string, target: string) => (isRelative(target) && !packaged(normalize(target)) ? text : all));
}

/** The package's README from the repository's. */
export function packageReadme(readme: string, shipped: readonly string[] = SHIPPED_IMAGES, packaged: (file: string) => boolean = () => false): string {
  const set = new Set(shipped.map(normalize));
  const text = withoutDeadLinks(withShippedImagesOnly(withoutSections(readme), set), (file) => set.has(file) || packaged(file));
  return `${text.replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

/** Writes dist/README.md from README.md; returns what it wrote. */
export function writePackageReadme(): string {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const text = packageReadme(readme, SHIPPED_IMAGES, (file) => ['CHANGELOG.md', 'LICENSE'].includes(file));
  fs.mkdirSync(path.dirname(PACKAGE_README), { recursive: true });
  fs.writeFileSync(PACKAGE_README, text);
  return text;
}

if (require.main === module) {
  const text = writePackageReadme();
  console.log(`wrote ${path.relative(repoRoot, PACKAGE_README)} (${imagesIn(text).length} images)`);
}
