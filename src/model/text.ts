// Text normalisation for matching: what "the same words" means when a user
// types a filter and when the service sends names (case, '_' and spaces alike).

/** Lower case, '_' as space, runs of whitespace as one space, trimmed. */
export function normalizeText(s: string): string {
  return s.toLowerCase().replace(/[\s_]+/g, ' ').trim();
}

/**
 * Normalised machine strings, shared across queries: the same GPU, CPU and
 * region names recur across thousands of machines and every keystroke filters
 * them again. Cleared when full rather than evicted: simpler, and a refill
 * costs one pass.
 */
const normalizedCache = new Map<string, string>();
const NORMALIZED_CACHE_LIMIT = 1 << 18;

/** normalizeText for machine data: no work for text already normal (node IDs), a map hit for repeats. */
export function normalizeData(text: string): string {
  if (isNormalized(text)) {
    return text;
  }
  // Stryker disable all: the cache only spares work: without it, or cleared at any size, the answer is the same (CONTRIBUTING, equivalent survivors)
  let normal = normalizedCache.get(text);
  if (normal === undefined) {
    if (normalizedCache.size >= NORMALIZED_CACHE_LIMIT) {
      normalizedCache.clear();
    }
    normal = normalizeText(text);
    normalizedCache.set(text, normal);
  }
  // Stryker restore all
  return normal;
}

/** Characters that normalizeText keeps as they are: printable ASCII but upper case, '_' and space. */
const PLAIN_CHAR = new Uint8Array(128).map((_, code) => (code > 32 && code < 127 && code !== 95 && !(code >= 65 && code <= 90) ? 1 : 0));

/**
 * True only when normalizeText would return the text unchanged. A table and
 * no branching on spaces: text with a space takes the slower, cached path,
 * and node IDs (checked on every machine) never have one.
 */
function isNormalized(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || PLAIN_CHAR[code] === 0) {
      return false;
    }
  }
  return true;
}
