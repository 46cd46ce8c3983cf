// Text helpers the api layer needs for its messages. Here rather than in
// src/model because model may import api but api must not import model;
// src/model/format.ts re-exports them for the views.

/** Shortens text for one-line places (tree descriptions, quick picks, messages). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
