// Reading our Markdown as GitHub renders it, for the docs' tests: the pictures
// and links it holds (outside code), and the anchors its headings get.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The text with fenced code blocks and code spans blanked out (line numbers kept). */
export function withoutCode(markdown: string): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const open = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === undefined && open) {
        fence = open;
        return '';
      }
      if (fence !== undefined) {
        if (line.trim().startsWith(fence[0].repeat(fence.length)) && line.trim().replace(/[`~]/g, '') === '') fence = undefined;
        return '';
      }
      return line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, '');
    })
    .join('\n');
}

const MARKDOWN_TARGET = /(!?)\[((?:[^\][]|\[[^\]]*\])*)\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g;
const HTML_IMAGE = /<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["'][^>]*>/gi;
const REFERENCE = /^\s{0,3}\[[^\]]+\]:\s*(\S+)/gm;

export interface Target {
  target: string;
  image: boolean;
  line: number;
}

/** Every link and picture of a Markdown text (outside code), as written, with its line. */
export function targetsIn(markdown: string): Target[] {
  const text = withoutCode(markdown);
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const found: Target[] = [];
  for (const m of text.matchAll(MARKDOWN_TARGET)) found.push({ target: m[3].replace(/^<|>$/g, ''), image: m[1] === '!', line: lineOf(m.index) });
  for (const m of text.matchAll(HTML_IMAGE)) found.push({ target: m[1], image: true, line: lineOf(m.index) });
  for (const m of text.matchAll(REFERENCE)) found.push({ target: m[1], image: false, line: lineOf(m.index) });
  return found.sort((a, b) => a.line - b.line);
}

/** Every picture a Markdown text shows, as written. */
export function imagesIn(markdown: string): string[] {
  return targetsIn(markdown)
    .filter((t) => t.image)
    .map((t) => t.target);
}

/** A link to a file of this repository (not a URL with a scheme, not `//host`, not only `#anchor`). */
export function isRelative(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('//');
}

/** A heading's anchor as GitHub makes it: its text, lower case, without punctuation but `-` and `_`, spaces as `-`. */
export function slug(heading: string): string {
  const text = heading
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings (`#` headings outside code), a repeated one with `-1`, `-2`… as GitHub numbers them. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const open = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (open && (fence === undefined || open[0] === fence[0])) {
      fence = fence === undefined ? open : undefined;
      continue;
    }
    const heading = fence === undefined ? /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1] : undefined;
    if (heading === undefined) continue;
    const base = slug(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/**
 * What is wrong with the relative links of a Markdown file of the repository:
 * a file or folder that does not exist, or an `#anchor` no heading of its
 * Markdown file has. One line each, `file:line: target: why`.
 */
export function brokenLinks(root: string, file: string, read: (file: string) => string | undefined = (f) => readOrUndefined(path.join(root, f))): string[] {
  const text = read(file);
  if (text === undefined) return [`${file}: no such file`];
  const problems: string[] = [];
  for (const { target, line } of targetsIn(text)) {
    if (!isRelative(target)) continue;
    const [rawPath, anchor] = splitAnchor(target);
    let linked = file;
    if (rawPath !== '') {
      linked = path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(rawPath)));
      if (linked.startsWith('../') || !exists(root, linked, read)) {
        problems.push(`${file}:${line}: ${target}: ${linked} does not exist`);
        continue;
      }
    }
    if (anchor === undefined) continue;
    if (!linked.endsWith('.md')) {
      problems.push(`${file}:${line}: ${target}: an anchor into ${linked}, which is not Markdown`);
      continue;
    }
    const anchors = anchorsOf(read(linked) ?? '');
    if (!anchors.has(decodeURIComponent(anchor).toLowerCase())) problems.push(`${file}:${line}: ${target}: ${linked} has no heading #${anchor}`);
  }
  return problems;
}

function splitAnchor(target: string): [string, string | undefined] {
  const at = target.indexOf('#');
  return at < 0 ? [target, undefined] : [target.slice(0, at), target.slice(at + 1)];
}

function exists(root: string, file: string, read: (file: string) => string | undefined): boolean {
  return read(file) !== undefined || fs.existsSync(path.join(root, file));
}

function readOrUndefined(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
