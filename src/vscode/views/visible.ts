// The view state the views and commands ask the market with (issue 24): the
// Machines view, its message, the status bar and the commands' quick picks ask
// the market (machinesModel.ts, commands/lazyPick.ts); the Image Templates view
// and its quick picks ask it too (templatesModel.ts).
import type { ViewState } from './viewState';

export class Visible {
  constructor(
    /** The questions: filter, grouping, sort, template filter. */
    readonly state: ViewState,
  ) {}
}
