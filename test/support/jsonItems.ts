// Items of a JSON array for the tests of the readers that cut a body into its
// items as it arrives (src/api): what such a reader could be fooled by.

/** The first items of such a test: a plain one, then one with `},{` inside a string and objects and arrays nested in it. */
export const PLAIN_THEN_NESTED: readonly object[] = [
  { id: 1, note: 'plain' },
  { id: 2, note: '},{"id":99}', nested: { a: { b: 1 }, list: [{ c: 2 }, { d: 3 }] } },
];

/** An item whose string holds characters of 2, 3 and 4 bytes in UTF-8 (a cut may fall inside one), and `},`. */
export const WIDE_CHARACTERS = { id: 4, note: 'Grüße, 東京 and 🚀 },' };
