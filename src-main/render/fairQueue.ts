// Work waiting for the render pool, one queue per team served round robin: a team with many renders waiting takes turns with a team that has one.
export class FairQueue<T> {
  /** Insertion order is the round. */
  private readonly queues = new Map<string, T[]>();
  /** Moved to the back of the round only at the next turn, so a team that arrives meanwhile is served before it again. */
  private served?: string;

  push(team: string, item: T): void {
    const queue = this.queues.get(team);
    if (queue) queue.push(item);
    else this.queues.set(team, [item]);
  }

  /** Puts work first in its team's queue (the rest of a batch whose turn just ended); the team keeps its place in the round. */
  pushFront(team: string, item: T): void {
    const queue = this.queues.get(team);
    if (queue) queue.unshift(item);
    else this.queues.set(team, [item]);
  }

  /** Takes `item` out of its team's queue (work whose client has gone); false when it was not waiting. */
  remove(team: string, item: T): boolean {
    const queue = this.queues.get(team);
    const index = queue?.indexOf(item) ?? -1;
    if (queue === undefined || index < 0) return false;
    queue.splice(index, 1);
    return true;
  }

  /**
   * The first item of the team whose turn it is; that team moves to the back of the round. A team `eligible` refuses
   * for its first item (a team holding its share of the workers, an item whose kind of worker is all busy) is passed
   * over and keeps its place, so it is first once it may run again; its items keep their order.
   */
  next(eligible: (team: string, item: T) => boolean = () => true): { team: string; item: T } | undefined {
    const served = this.served === undefined ? undefined : this.queues.get(this.served);
    if (this.served !== undefined && served !== undefined) {
      this.queues.delete(this.served);
      if (served.length > 0) this.queues.set(this.served, served);
    }
    this.served = undefined;
    for (const [team, queue] of this.queues) {
      if (queue.length > 0 && !eligible(team, queue[0] as T)) continue;
      const item = queue.shift();
      if (item === undefined) {
        this.queues.delete(team);
        continue;
      }
      this.served = team;
      return { team, item };
    }
    return undefined;
  }

  /** Empties the queue, returning everything that waited. */
  drain(): T[] {
    const items = [...this.queues.values()].flat();
    this.queues.clear();
    this.served = undefined;
    return items;
  }
}
