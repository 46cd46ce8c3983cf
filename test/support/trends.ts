// A trends view's source from points held in memory, as a unit test gives
// them (the product reads its source from SQLite: trendsQuery.ts).
import { ALL_COUNTS } from '../../src/market/history/aggregate';
import type { StoredPoint } from '../../src/market/history/downsample';
import type { TrendSource } from '../../src/market/history/trendsView';

export function sourceOf(points: readonly StoredPoint[]): TrendSource {
  const models = [...new Set(points.flatMap((p) => p.groups.filter((g) => g.count === ALL_COUNTS).map((g) => g.gpu)))].sort();
  return { points, models, defaults: models.slice(0, 1), latest: points.at(-1)?.t };
}
