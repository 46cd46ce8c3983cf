// Pure grouping and describing of image templates for the Templates view.
import { TEMPLATE_FIELDS, type Template } from '../api/types';
import { formatJson } from './format';
import { compareText } from './machines';
import { normalizeText } from './text';
import { isSecretField } from './secrets';

export interface TemplateGroup {
  imageType: number;
  label: string;
  templates: Template[];
}

/** The platform default template (spec 4.1: image_type and id both 0). */
export function isDefaultTemplate(template: Template): boolean {
  return template.id === 0 && template.image_type === 0;
}

/** One group per image_type in ascending order; the default template first, then by name. */
export function groupByImageType(templates: readonly Template[]): TemplateGroup[] {
  const byType = new Map<number, Template[]>();
  for (const template of templates) {
    const list = byType.get(template.image_type);
    if (list) {
      list.push(template);
    } else {
      byType.set(template.image_type, [template]);
    }
  }
  return [...byType.entries()]
    .sort(([a], [b]) => a - b)
    .map(([imageType, list]) => ({
      imageType,
      label: `Type ${imageType}`,
      templates: list.sort(
        (a, b) => Number(isDefaultTemplate(b)) - Number(isDefaultTemplate(a)) || compareText(a.name, b.name) || a.id - b.id,
      ),
    }));
}

/** "pytorch/pytorch:2.4.0" */
export function templateImage(template: Template): string {
  return template.image_tag ? `${template.image_name}:${template.image_tag}` : template.image_name;
}

export interface TemplateRow {
  field: keyof Template;
  value: string;
}

/** Every field except the secret ones, for tooltips. */
export function templatePublicRows(template: Template): TemplateRow[] {
  return TEMPLATE_FIELDS.filter((field) => !isSecretField(field)).map((field) => {
    const value = template[field];
    return { field, value: typeof value === 'number' ? String(value) : formatJson(value) };
  });
}

/**
 * Keeps the templates whose name, image or label contain every word of the
 * text (ignoring case, with "_" and spaces alike).
 */
export function filterTemplates(templates: readonly Template[], text: string): Template[] {
  const words = normalizeText(text).split(' ').filter(Boolean);
  if (words.length === 0) {
    return [...templates];
  }
  return templates.filter((template) => {
    const haystack = normalizeText(`${template.name} ${templateImage(template)} ${template.image_label}`);
    return words.every((word) => haystack.includes(word));
  });
}
