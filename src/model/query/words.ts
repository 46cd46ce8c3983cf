// Characters and words of the query language, shared by the parser and the
// printer so that what the printer leaves bare the parser reads back as one word.

import type { Op } from './fields';

/** Whitespace, and ASCII control characters too: pasted, they can only mean a gap. */
export function isSpace(code: number): boolean {
  if (code <= 32 || code === 127) {
    return true;
  }
  return code >= 128 && /\s/.test(String.fromCharCode(code));
}

const DELIMITERS = new Set([...'=!<>[],"\''].map((c) => c.charCodeAt(0)));

/** Characters that end a word: the operators, brackets, comma and quotes. */
export function isDelimiter(code: number): boolean {
  return DELIMITERS.has(code);
}

export function isQuote(code: number): boolean {
  return code === 34 || code === 39;
}

export function isWordChar(code: number): boolean {
  return !isSpace(code) && !isDelimiter(code);
}

/** A position in a query and the steps the parser (parse.ts) and the filter box's reading (lastTerm.ts) share. */
export class Scanner {
  pos = 0;
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  code(at = this.pos): number {
    return this.text.charCodeAt(at);
  }

  skipSpace(): void {
    while (!this.done && isSpace(this.code())) this.pos++;
  }

  word(): string {
    const start = this.pos;
    while (!this.done && isWordChar(this.code())) this.pos++;
    return this.text.slice(start, this.pos);
  }

  /** A quoted string from its opening mark (a backslash takes the next character literally): its text, and whether it was closed. */
  quoted(): { text: string; closed: boolean; mark: string } {
    const mark = this.text[this.pos];
    let out = '';
    for (let i = this.pos + 1; i < this.text.length; i++) {
      const c = this.text[i];
      if (c === '\\') {
        i++;
        out += this.text[i] ?? '';
      } else if (c === mark) {
        this.pos = i + 1;
        return { text: out, closed: true, mark };
      } else {
        out += c;
      }
    }
    this.pos = this.text.length;
    return { text: out, closed: false, mark };
  }

  /** The comparison operator starting here, if any (not in/notin). */
  operator(): Exclude<Op, 'in' | 'notin'> | undefined {
    const next = this.code(this.pos + 1);
    switch (this.code()) {
      case 61:
        return '=';
      case 33:
        return next === 61 ? '!=' : undefined;
      case 60:
        return next === 61 ? '<=' : '<';
      case 62:
        return next === 61 ? '>=' : '>';
      default:
        return undefined;
    }
  }
}

export function listOperator(word: string): 'in' | 'notin' | undefined {
  const lower = word.length <= 5 ? word.toLowerCase() : '';
  return lower === 'in' || lower === 'notin' ? lower : undefined;
}

/**
 * Whether a name starts with the words of a value: both normalised
 * (normalizeText: case, '_' and space alike), the name begins with the value,
 * and the value ends where a word of the name ends (the name ends there, or a
 * character that is not a letter or digit follows, such as a space or '-'), or
 * itself ends in such a character. So `h100` matches "h100 sxm5 80gb" and
 * "h100-pcie" but not "h1000"; `a10` matches "a10" but not "a100";
 * `cn` matches "cn-east". An empty value is no words: it matches every name.
 */
export function startsWithWords(normalName: string, normalValue: string): boolean {
  if (!normalName.startsWith(normalValue)) {
    return false;
  }
  const end = normalValue.length;
  return end === 0 || end === normalName.length || !isLetterOrDigit(normalName, end) || !isLetterOrDigit(normalValue, end - 1);
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

function isLetterOrDigit(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 128) {
    return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  }
  return LETTER_OR_DIGIT.test(text[at]);
}
