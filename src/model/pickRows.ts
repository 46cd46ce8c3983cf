// The pure part of a quick pick that fills as the person types (the market
// answers the first rows that match the typed text, never the whole list).

/** The rows to show: the ticked ones first (so they stay ticked whatever is typed), then the answer's, each once. */
export function pickRows<T>(answer: readonly T[], ticked: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set(ticked.map(key));
  return [...ticked, ...answer.filter((item) => !seen.has(key(item)))];
}

/** How many match beyond the rows of the answer: what the title tells, so that the person types to narrow. */
export function beyondShown(shown: number, total: number): number {
  return Math.max(0, total - shown);
}
