// Messages between the template details page (./page.ts) and the extension.
// A copy request names nothing: the extension copies the template it holds.
import type { TemplateValueKind } from '../../model/templates';
import { bareRequest, stateKey, type ReadyRequest } from '../protocol';

/** Page → extension. */
export type TemplateRequest = ReadyRequest | { type: 'copyImageReference' } | { type: 'copyTemplateJson' };

/** The key of a template panel: the template's ID. */
export type TemplateKey = number;

export interface TemplateRowContent {
  field: string;
  label: string;
  kind: TemplateValueKind;
  value: string;
}

export interface TemplateContent {
  title: string;
  /** "Platform default template" or empty. */
  badge: string;
  reference: string;
  rows: TemplateRowContent[];
  notice: string;
  asOf: string;
}

const TEMPLATE_REQUESTS: ReadonlySet<string> = new Set<TemplateRequest['type']>(['ready', 'copyImageReference', 'copyTemplateJson']);

export function parseTemplateRequest(message: unknown): TemplateRequest | undefined {
  return bareRequest<TemplateRequest>(message, TEMPLATE_REQUESTS);
}

/** The key a restored page kept in its state, if it is one. */
export function templateKey(state: unknown): TemplateKey | undefined {
  const key = stateKey(state);
  return typeof key === 'number' && Number.isSafeInteger(key) ? key : undefined;
}
