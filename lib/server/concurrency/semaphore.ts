import 'server-only';
import { AppError } from '@/lib/errors';

export type TSemaphoreOptions = {
  /** Callers that may wait for a slot; one more is refused at once. Default: no limit. */
  maxWaiting?: number;
  /** How long a caller may wait for a slot before it is refused. Default: no limit. */
  maxWaitMs?: number;
  /** The refusal (default: 503 with Retry-After). */
  busy?: () => Error;
};

const defaultBusy = () =>
  new AppError('SERVICE_UNAVAILABLE', 'The server is busy; try again in a few seconds.', { retryAfterSeconds: 10 });

/** At most `limit` holders at once; the rest wait in arrival order, as many and as long as the options allow. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly limit: number,
    private readonly options: TSemaphoreOptions = {},
  ) {}

  get inUse(): number {
    return this.active;
  }

  /**
   * Waits for a slot and holds it until the returned function is called (once
   * is enough; later calls do nothing). For a hold that outlives one call,
   * e.g. a response body that is still being sent; otherwise use run().
   */
  async acquire(): Promise<() => void> {
    if (this.active >= this.limit) await this.wait();
    else this.active++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      // Hand the slot straight to the next waiter, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    };
  }

  /** Runs `task` in a slot, freed when it settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }

  private wait(): Promise<void> {
    const { maxWaiting = Infinity, maxWaitMs, busy = defaultBusy } = this.options;
    if (this.waiting.length >= maxWaiting) return Promise.reject(busy());
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const take = () => {
        clearTimeout(timer);
        resolve();
      };
      if (maxWaitMs !== undefined) {
        timer = setTimeout(() => {
          const at = this.waiting.indexOf(take);
          if (at === -1) return;
          this.waiting.splice(at, 1);
          reject(busy());
        }, maxWaitMs);
      }
      this.waiting.push(take);
    });
  }
}
