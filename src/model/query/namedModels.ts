// The GPU models a filter names, among those a history recorded: the Market
// Trends panel opened from the palette shows the models of the filter whose
// outlook it shows. Named means said which: `gpu=h100` or `gpu in [a100, h100]`;
// a filter that only leaves some out (`gpu!=t4`) or says nothing of the GPU
// names none.
import type { Machine } from '../../api/types';
import { compileQuery } from './compile';
import type { Clause } from './fields';
import { parseQuery } from './parse';

export function modelsNamed(filter: string, models: readonly string[]): string[] {
  const parsed = parseQuery(filter);
  if (!parsed.ok) return [];
  const naming = parsed.query.clauses.filter((c): c is Clause => c.kind === 'compare' && c.field === 'gpu_name' && (c.op === '=' || c.op === 'in'));
  if (naming.length === 0) return [];
  // Only the GPU name is read: a machine of nothing but its model answers for it.
  const names = compileQuery({ clauses: naming });
  return models.filter((gpu_name) => names({ gpu_name } as Machine));
}
