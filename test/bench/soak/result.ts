// What the soak's extension-host side (suite.ts) hands to its runner (run.ts).
export interface SoakResult {
  polls: number;
  /** GPU_RENTAL_SOAK_WITHOUT_POLLS: the same loop without polling, for the memory it costs by itself. */
  withoutPolls: boolean;
  /** Polls after which the extension's list was not replaced (a failed refresh). */
  failedPolls: number;
  ticks: number;
  watch: string;
  /** Machines that newly matched the watch after a poll, per the market's log. */
  newlyMatching: number;
  /** Node IDs the extension told as news for the watch, in all. */
  told: number;
  missed: string[];
  duplicates: string[];
  /** Told, but neither newly matching per the log nor matching before. */
  unexplained: string[];
  /** Appeared per the log, still listed by the market, but not in the extension's list. */
  notListed: string[];
  alerts: number;
  /** The sum of the counts the alerts named. */
  alertMachines: number;
  /** Alerts for the watch less than five minutes after the one before. */
  alertsTooSoon: number;
  /** The extension host's memory after poll 1, every 100th and the last: RSS as it was, then RSS and heap used after a full garbage collection. */
  memory: { poll: number; rawRss: number; rss: number; heapUsed: number; heapTotal: number; external: number }[];
  /** News the alert gate holds for the watch's next alert when the soak ends. */
  heldAtEnd?: number;
  listedAtEnd: number;
  matchingAtEnd: number;
  msPerPoll: number;
}
