// What the views show, in one place: the market's answer to the view state's
// questions. The trees, the view messages, the status bar and the commands
// all read it here, so none of them can see another list than the others.
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

  /** The machines the Machines view shows (cached by the market: the same object until something changes). */
  machines(): MachineView {
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
