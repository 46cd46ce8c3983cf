// Escaping for the two markups we render data into. Every string from the
// service is untrusted: it may hold HTML, Markdown, or control characters.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * Escapes text for a Markdown table cell: Markdown syntax, HTML, pipes and
 * line breaks, so data can neither format, link, nor break the table.
 */
export function escapeMarkdownCell(text: string): string {
  return stripControls(text)
    .replace(/[\\`*_{}[\]()#+\-.!|<>~&:]/g, (c) => `\\${c}`)
    .replace(/\s*\n\s*/g, ' ');
}

/**
 * Text from the service made fit for one line of UI (tree labels, quick
 * picks, titles): control characters and bidi overrides removed, line breaks
 * folded, and cut to `max` characters so a huge value cannot break layout.
 */
export function oneLine(text: string, max = 200): string {
  const clean = stripControls(text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')).trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** Quick pick labels render `$(name)` as an icon: keep data from doing that. */
export function noIcons(text: string): string {
  return text.replace(/\$\(/g, '$\u200b(');
}

/** Removes control characters and bidirectional overrides that would garble a line. */
export function stripControls(text: string): string {
  return text.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '');
}
