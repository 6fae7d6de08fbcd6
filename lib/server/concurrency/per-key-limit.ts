import 'server-only';

/**
 * At most `limit` tasks at once for each key (a signing link, an owner); one
 * more is refused at once with `refuse()` rather than queued: a caller that
 * sends large bodies in parallel holds that much memory per request, and a
 * waiting request would hold its connection besides. Keys with nothing
 * running are forgotten. Per process, like the memory it protects.
 */
export class PerKeyLimit {
  private readonly running = new Map<string, number>();

  constructor(
    readonly limit: number,
    private readonly refuse: () => Error,
  ) {}

  /** How many tasks run for `key` now (tests). */
  inUse(key: string): number {
    return this.running.get(key) ?? 0;
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const count = this.inUse(key);
    if (count >= this.limit) throw this.refuse();
    this.running.set(key, count + 1);
    try {
      return await task();
    } finally {
      const left = this.inUse(key) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
    }
  }
}
