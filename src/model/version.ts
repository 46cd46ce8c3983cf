// Ordering of version strings (CUDA, driver): dotted parts compared as
// numbers where they are numbers, so 12.10 sorts after 12.9.

export interface VersionPart {
  /** The leading digits without leading zeros ("0" for none), or null when the part starts otherwise. */
  digits: string | null;
  /** What follows the digits, lower case, compared as text. */
  rest: string;
}

const ZERO_PART: VersionPart = { digits: '0', rest: '' };

export function parseVersion(version: string): VersionPart[] {
  const text = version.trim();
  return text === '' ? [] : text.split('.').map(parseVersionPart);
}

function parseVersionPart(part: string): VersionPart {
  if (part === '') {
    return ZERO_PART;
  }
  let end = 0;
  while (end < part.length && part.charCodeAt(end) >= 48 && part.charCodeAt(end) <= 57) {
    end++;
  }
  if (end === 0) {
    return { digits: null, rest: part.toLowerCase() };
  }
  let start = 0;
  while (start < end - 1 && part.charCodeAt(start) === 48) {
    start++;
  }
  return { digits: part.slice(start, end), rest: part.slice(end).toLowerCase() };
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Parts with a number sort by it, then by what follows it as text; parts
 * without one sort after all numbers (as digits sort before letters). This is
 * a total order, which a plain "number or else text" rule is not ("10" < "5a" < "9").
 */
function compareParts(a: VersionPart, b: VersionPart): number {
  if (a.digits !== null && b.digits !== null) {
    // Compared as digit strings, so a 30-digit build number loses no precision.
    const byNumber = a.digits.length - b.digits.length || compareCodeUnits(a.digits, b.digits);
    if (byNumber !== 0) {
      return Math.sign(byNumber);
    }
  } else if (a.digits !== null || b.digits !== null) {
    return a.digits === null ? 1 : -1;
  }
  return compareCodeUnits(a.rest, b.rest);
}

export function compareParsedVersions(a: readonly VersionPart[], b: readonly VersionPart[]): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const order = compareParts(a[i] ?? ZERO_PART, b[i] ?? ZERO_PART);
    if (order !== 0) {
      return order;
    }
  }
  return 0;
}

/** Dotted versions part by part: 12.10 > 12.9, 12.1 = 12.1.0, 550.54 < 550.54.15. */
export function compareVersions(a: string, b: string): number {
  return compareParsedVersions(parseVersion(a), parseVersion(b));
}
