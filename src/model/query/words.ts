// Characters and words of the query language, shared by the parser and the
// printer so that what the printer leaves bare the parser reads back as one word.

/** Whitespace, and ASCII control characters too: pasted, they can only mean a gap. */
export function isSpace(code: number): boolean {
  if (code <= 32 || code === 127) {
    return true;
  }
  return code >= 128 && /\s/.test(String.fromCharCode(code));
}

/** Characters that end a word: the operators, brackets, comma and quotes. */
export function isDelimiter(code: number): boolean {
  switch (code) {
    case 61: // =
    case 33: // !
    case 60: // <
    case 62: // >
    case 91: // [
    case 93: // ]
    case 44: // ,
    case 34: // "
    case 39: // '
      return true;
    default:
      return false;
  }
}

export function isWordChar(code: number): boolean {
  return !isSpace(code) && !isDelimiter(code);
}

export function listOperator(word: string): 'in' | 'notin' | undefined {
  const lower = word.length <= 5 ? word.toLowerCase() : '';
  return lower === 'in' || lower === 'notin' ? lower : undefined;
}
