// The IDs package.json gives the two views (contributes.views).
import type { Which } from '../../market/market';

export const VIEW_IDS: Record<Which, string> = { machines: 'gpuRental.machines', templates: 'gpuRental.templates' };
