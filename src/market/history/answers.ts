// The history's answers (the query fields, the chat tools' facts) read from
// whichever store is open, NaN or nothing without one: shared by the editor's
// MarketHistory and the market server's, which hold a store by the settings.
import type { Machine } from '../../api/types';
import type { ListingFacts, MarketFacts, WeekFacts } from '../../model/memoryText';
import type { MachineMemory } from '../../model/query';

export abstract class StoreAnswers implements MachineMemory, MarketFacts {
  /** The store open now, or none (no service URL, or it could not be opened). */
  protected abstract get answering(): (MachineMemory & MarketFacts) | undefined;

  get version(): number {
    return this.answering?.version ?? 0;
  }

  listedHours(nodeId: string): number {
    return this.answering?.listedHours(nodeId) ?? NaN;
  }

  flaps7d(nodeId: string): number {
    return this.answering?.flaps7d(nodeId) ?? NaN;
  }

  belowMedian(machine: Machine): number {
    return this.answering?.belowMedian(machine) ?? NaN;
  }

  modelWeek(gpu: string): WeekFacts | undefined {
    return this.answering?.modelWeek(gpu);
  }

  listing(nodeId: string): ListingFacts | undefined {
    return this.answering?.listing(nodeId);
  }
}
