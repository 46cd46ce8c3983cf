// Ordering of version strings (CUDA, driver): dotted parts compared as
// numbers where they are numbers, so 12.10 sorts after 12.9.
import { compareIds } from './machines';

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
  const [, digits, rest] = /^(\d*)(.*)$/s.exec(part)!;
  // Leading zeros dropped, the last digit kept: "007" is "7", "000" is "0".
  return { digits: digits === '' ? null : digits.replace(/^0+(?=\d)/, ''), rest: rest.toLowerCase() };
}

/**
 * Parts with a number sort by it, then by what follows it as text; parts
 * without one sort after all numbers (as digits sort before letters). This is
 * a total order, which a plain "number or else text" rule is not ("10" < "5a" < "9").
 */
function compareParts(a: VersionPart, b: VersionPart): number {
  if (a.digits !== null && b.digits !== null) {
    // Compared as digit strings, so a 30-digit build number loses no precision.
    const byNumber = a.digits.length - b.digits.length || compareIds(a.digits, b.digits);
    if (byNumber !== 0) {
      return Math.sign(byNumber);
    }
  } else if (a.digits !== null || b.digits !== null) {
    return a.digits === null ? 1 : -1;
  }
  return compareIds(a.rest, b.rest);
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
