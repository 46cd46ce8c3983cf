// The pull reference of an image template: what `docker pull` takes. The
// service sends registry, name and tag as separate, free-form fields, so odd
// values are normalised here by fixed rules: docs/architecture.md, "Image
// references", lists them with an example each.
import type { Template } from '../api/types';

export interface ImageParts {
  /** Host, optional port, optional path ("registry.example.com:5000/team"); empty for none. */
  registry: string;
  /** Repository path ("pytorch/pytorch"). */
  name: string;
  /** Empty for none. */
  tag: string;
  /** "sha256:…"; empty for none. */
  digest: string;
}

export type ImageSource = Pick<Template, 'docker_registry' | 'image_name' | 'image_tag'>;

const DIGEST = /^[a-z0-9]+(?:[+._-][a-z0-9]+)*:[0-9a-f]{32,}$/i;

/** The pull reference of a template, by the rules above. */
export function imageReference(template: ImageSource): string {
  const parts = imageParts(template);
  const path = parts.registry ? `${parts.registry}/${parts.name}` : parts.name;
  return `${path}${parts.tag ? `:${parts.tag}` : ''}${parts.digest ? `@${parts.digest}` : ''}`;
}

export function imageParts(template: ImageSource): ImageParts {
  const registryField = typeof template.docker_registry === 'string' ? cleanRegistry(template.docker_registry) : '';
  const fromName = parseImageReference(template.image_name.trim().replace(/^\/+|\/+$/g, ''));
  const fromTag = parseTag(template.image_tag);
  const hasTagField = fromTag.tag !== '' || fromTag.digest !== '';
  return {
    registry: fromName.registry || registryField,
    name: fromName.name,
    tag: hasTagField ? fromTag.tag : fromName.tag,
    digest: hasTagField ? fromTag.digest : fromName.digest,
  };
}

/**
 * Splits a reference as Docker does: a first path component with a "." or a
 * ":", or "localhost", is the registry host; ":" in the last component starts
 * the tag; "@" starts the digest. A registry's own path cannot be told apart
 * from the repository path, so it parses back as part of the name.
 */
export function parseImageReference(reference: string): ImageParts {
  const at = reference.indexOf('@');
  const digest = at >= 0 ? reference.slice(at + 1) : '';
  let rest = at >= 0 ? reference.slice(0, at) : reference;
  let tag = '';
  const lastSlash = rest.lastIndexOf('/');
  const colon = rest.indexOf(':', lastSlash + 1);
  if (colon >= 0) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  const slash = rest.indexOf('/');
  const first = slash >= 0 ? rest.slice(0, slash) : '';
  if (first && (first.includes('.') || first.includes(':') || first === 'localhost')) {
    return { registry: first, name: rest.slice(slash + 1), tag, digest };
  }
  return { registry: '', name: rest, tag, digest };
}

function cleanRegistry(raw: string): string {
  return raw.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, '');
}

function parseTag(raw: string): { tag: string; digest: string } {
  const text = raw.trim().replace(/^:+/, '');
  if (text.startsWith('@')) {
    return { tag: '', digest: text.slice(1) };
  }
  if (DIGEST.test(text)) {
    return { tag: '', digest: text };
  }
  const at = text.indexOf('@');
  return at >= 0 ? { tag: text.slice(0, at), digest: text.slice(at + 1) } : { tag: text, digest: '' };
}
