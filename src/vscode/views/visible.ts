// What the views show, in one place: the market's answer to the view state's
// questions, read synchronously by what has not moved onto the market's
// protocol yet (issue 24): the Machines view's near misses, the templates
// tree and the commands' quick picks. The Machines view itself, its message
// and the status bar ask the market (machinesModel.ts).
import type { Machine, Template } from '../../api/types';
import type { Market } from '../../market/market';
import { machinesInOrder, templatesInOrder, type MachineView, type TemplateView } from '../../market/views';
import type { MachineMemory } from '../../model/query';
import type { ViewState } from './viewState';

export class Visible {
  constructor(
    private readonly market: Market,
    /** The questions: filter, grouping, sort, template filter. */
    readonly state: ViewState,
    /** The market history, which the filter's history fields read. */
    private readonly memory?: MachineMemory,
  ) {}

  /**
   * The machines the Machines view shows (cached by the market: the same
   * object until something changes). The view itself asks the market
   * (machinesModel.ts); only the near misses and the quick picks read this.
   */
  private machines(): MachineView {
    return this.market.machineView(this.memory ? { ...this.state.machineQuery, memory: this.memory } : this.state.machineQuery);
  }

  /** The templates the Image Templates view shows. */
  templates(): TemplateView {
    return this.market.templateView(this.state.templateFilter);
  }

  /** Every shown machine in the tree's order (groups in order): what quick picks offer. */
  machinesInOrder(): Machine[] {
    return machinesInOrder(this.machines());
  }

  templatesInOrder(): Template[] {
    return templatesInOrder(this.templates());
  }
}
