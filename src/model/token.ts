// What a pasted API token may look like, and how it is cleaned.
import * as l10n from '@vscode/l10n';

/** Trims a pasted token and drops a leading "Bearer " that people copy along. */
export function normalizeToken(input: string): string {
  return input.trim().replace(/^bearer(\s+|$)/i, '').trim();
}

/** Why the input box cannot accept this token, or undefined when it can. */
export function tokenProblem(input: string): string | undefined {
  const token = normalizeToken(input);
  if (!token) {
    return l10n.t('Enter the API token (it cannot be empty).');
  }
  if (/\s/.test(token)) {
    return l10n.t('An API token cannot contain spaces or line breaks.');
  }
  if (/[\u0000-\u001f\u007f]/.test(token)) {
    return l10n.t('An API token cannot contain control characters.');
  }
  return undefined;
}

/** Replaces every occurrence of the token in a text, for logs and messages. */
export function redactToken(text: string, token: string | undefined): string {
  return token && token.length >= 4 ? text.split(token).join('[token]') : text;
}
