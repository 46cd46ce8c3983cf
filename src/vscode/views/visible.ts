// What the views show, in one place: the market's answer to the view state's
// questions. The trees, the view messages, the status bar and the commands
// all read it here, so none of them can see another list than the others.
import type { Template } from '../../api/types';
import type { Market } from '../../market/market';
import { nearMisses, NEAR_MISS_BELOW, type NearMiss } from '../../model/nearMiss';
import { templatesInOrder, type MachineView, type TemplateView } from '../../market/views';
import type { MachineMemory } from '../../model/query';
import type { ViewState } from './viewState';

export class Visible {
  /** The near misses of the last view they were asked for: the same list until the view changes. */
  private misses: { view: MachineView; misses: readonly NearMiss[] } | undefined;

  constructor(
    private readonly market: Market,
    /** The questions: filter, grouping, sort, template filter. */
    readonly state: ViewState,
    /** The market history, which the filter's history fields read. */
    private readonly memory?: MachineMemory,
  ) {}

  /** The machines the Machines view shows (cached by the market: the same object until something changes). */
  machines(): MachineView {
    return this.market.machineView(this.memory ? { ...this.state.machineQuery, memory: this.memory } : this.state.machineQuery);
  }

  /**
   * When the filter finds fewer than three machines, the smallest change to
   * each clause that finds more (model/nearMiss.ts), computed on the snapshot
   * once per view; empty without a filter or a snapshot.
   */
  nearMisses(): readonly NearMiss[] {
    const view = this.machines();
    if (this.misses?.view !== view) {
      const items = this.market.machines.items;
      const wanted = items !== undefined && this.state.filtered && view.matching.length < NEAR_MISS_BELOW;
      this.misses = { view, misses: wanted ? nearMisses(items, this.state.machineQuery.filter) : [] };
    }
    return this.misses.misses;
  }

  /** The templates the Image Templates view shows. */
  templates(): TemplateView {
    return this.market.templateView(this.state.templateFilter);
  }

  templatesInOrder(): Template[] {
    return templatesInOrder(this.templates());
  }
}
