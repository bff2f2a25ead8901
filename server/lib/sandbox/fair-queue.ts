/**
 * Queues per tenant, served in turns: the next item comes from the first tenant (in turn order) that may run now,
 * and that tenant then goes to the back of the line. Within a tenant, first come first served.
 */
export class FairQueue<T> {
  /** Insertion order is the turn order. */
  private queues = new Map<string, T[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  sizeOf(tenant: string): number {
    return this.queues.get(tenant)?.length ?? 0;
  }

  has(tenant: string, item: T): boolean {
    return this.queues.get(tenant)?.includes(item) ?? false;
  }

  push(tenant: string, item: T): void {
    const queue = this.queues.get(tenant);
    if (queue) queue.push(item);
    else this.queues.set(tenant, [item]);
    this.count++;
  }

  hasNext(mayRun: (tenant: string) => boolean): boolean {
    for (const tenant of this.queues.keys()) if (mayRun(tenant)) return true;
    return false;
  }

  /** The next item of the first tenant whose turn it is and that may run; undefined when none may. */
  takeNext(mayRun: (tenant: string) => boolean): T | undefined {
    for (const [tenant, queue] of this.queues) {
      if (!mayRun(tenant)) continue;
      const item = queue.shift()!;
      this.count--;
      // To the back of the line (or out of it when nothing of the tenant is left).
      this.queues.delete(tenant);
      if (queue.length) this.queues.set(tenant, queue);
      return item;
    }
    return undefined;
  }

  remove(tenant: string, item: T): boolean {
    const queue = this.queues.get(tenant);
    const index = queue?.indexOf(item) ?? -1;
    if (!queue || index < 0) return false;
    queue.splice(index, 1);
    this.count--;
    if (!queue.length) this.queues.delete(tenant);
    return true;
  }
}
