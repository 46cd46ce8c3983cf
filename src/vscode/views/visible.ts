// What the views show, in one place: the market's answer to the view state's
// questions, read synchronously by what has not moved onto the market's
// protocol yet (issue 24): the templates tree and its quick picks. The
// Machines view, its message, the status bar and the commands' quick picks
// ask the market (machinesModel.ts, commands/lazyPick.ts).
import type { Template } from '../../api/types';
import type { Market } from '../../market/market';
import { templatesInOrder, type TemplateView } from '../../market/views';
import type { ViewState } from './viewState';

export class Visible {
  constructor(
    private readonly market: Market,
    /** The questions: filter, grouping, sort, template filter. */
    readonly state: ViewState,
  ) {}

  /** The templates the Image Templates view shows. */
  templates(): TemplateView {
    return this.market.templateView(this.state.templateFilter);
  }

  templatesInOrder(): Template[] {
    return templatesInOrder(this.templates());
  }
}
