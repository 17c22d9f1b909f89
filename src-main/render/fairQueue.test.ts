import { describe, expect, it } from 'vitest';
import { FairQueue } from './fairQueue';

function takeAll(queue: FairQueue<string>): string[] {
  const taken: string[] = [];
  for (let next = queue.next(); next; next = queue.next()) taken.push(`${next.team}:${next.item}`);
  return taken;
}

describe('FairQueue', () => {
  it('serves teams in turn, each team in its own order', () => {
    const queue = new FairQueue<string>();
    for (const item of ['a1', 'a2', 'a3']) queue.push('A', item);
    queue.push('B', 'b1');
    queue.push('C', 'c1');
    queue.push('B', 'b2');
    expect(takeAll(queue)).toEqual(['A:a1', 'B:b1', 'C:c1', 'A:a2', 'B:b2', 'A:a3']);
  });

  it('gives a team that arrives late the next turn after the team being served', () => {
    const queue = new FairQueue<string>();
    for (const item of ['a1', 'a2', 'a3']) queue.push('A', item);
    expect(queue.next()).toEqual({ team: 'A', item: 'a1' });
    queue.push('B', 'b1');
    expect(takeAll(queue)).toEqual(['B:b1', 'A:a2', 'A:a3']);
  });

  it('puts the rest of a batch first in its team, behind the other teams of the round', () => {
    const queue = new FairQueue<string>();
    queue.push('A', 'batch');
    queue.push('A', 'single');
    queue.push('B', 'b1');
    const { item } = queue.next() ?? {};
    queue.pushFront('A', `${String(item)} (rest)`);
    expect(takeAll(queue)).toEqual(['B:b1', 'A:batch (rest)', 'A:single']);
  });

  it('drains everything that waits', () => {
    const queue = new FairQueue<string>();
    queue.push('A', 'a1');
    queue.push('B', 'b1');
    expect(queue.drain().sort()).toEqual(['a1', 'b1']);
    expect(queue.next()).toBeUndefined();
  });

  it('passes over a team that may not run now, which keeps its place for when it may', () => {
    const queue = new FairQueue<string>();
    queue.push('A', 'a1');
    queue.push('A', 'a2');
    queue.push('B', 'b1');
    queue.push('B', 'b2');
    const notA = (team: string): boolean => team !== 'A';
    expect(queue.next(notA)).toEqual({ team: 'B', item: 'b1' });
    expect(queue.next(notA)).toEqual({ team: 'B', item: 'b2' });
    expect(queue.next(notA)).toBeUndefined();
    expect(takeAll(queue)).toEqual(['A:a1', 'A:a2']);
  });

  it('removes one waiting item (its client has gone), leaving the rest in order', () => {
    const queue = new FairQueue<string>();
    for (const item of ['a1', 'a2', 'a3']) queue.push('A', item);
    queue.push('B', 'b1');
    expect(queue.remove('A', 'a2')).toBe(true);
    expect(queue.remove('A', 'a2')).toBe(false);
    expect(queue.remove('C', 'c1')).toBe(false);
    expect(queue.remove('B', 'b1')).toBe(true);
    expect(takeAll(queue)).toEqual(['A:a1', 'A:a3']);
  });
});
