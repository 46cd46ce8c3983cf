// The line above each tree (filter, counts, staleness, skipped items) and the
// Machines view's description (how it is grouped and sorted).
import { GROUP_BY_LABELS, SORT_LABELS, type Arrangement } from '../model/arrange';
import { formatInteger } from '../model/format';
import type { Resource } from './resource';

export function viewMessage(resource: Resource<unknown>, filter: string | undefined, visible: number): string | undefined {
  const parts: string[] = [];
  const total = resource.items?.length;
  if (filter && total !== undefined) {
    parts.push(`${filter} · ${formatInteger(visible)} of ${formatInteger(total)} ${resource.noun}s`);
  }
  const status = resource.message;
  if (status) {
    parts.push(status);
  }
  return parts.length ? parts.join(' — ') : undefined;
}

/** "GPU model · price per GPU ↑" */
export function viewDescription(arrangement: Arrangement): string {
  const group = arrangement.groupBy === 'none' ? 'ungrouped' : GROUP_BY_LABELS[arrangement.groupBy].toLowerCase().replace('gpu', 'GPU').replace('cuda', 'CUDA');
  return `${group} · ${SORT_LABELS[arrangement.sortBy].toLowerCase().replace('gpu', 'GPU')} ${arrangement.order === 'ascending' ? '↑' : '↓'}`;
}
