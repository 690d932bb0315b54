import { describe, expect, it } from 'vitest';
import { builtOncePer } from '../../../server/lib/built-once';

describe('builtOncePer', () => {
  it('builds once per object and hands out the same frozen value; a new object gets its own', () => {
    let builds = 0;
    const answerOf = builtOncePer((entry: { price: number }) => {
      builds += 1;
      return { total: entry.price * 2 };
    });
    const cached = { price: 3 };
    const first = answerOf(cached);
    expect(answerOf(cached)).toBe(first);
    expect(first).toEqual({ total: 6 });
    expect(Object.isFrozen(first)).toBe(true);
    expect(builds).toBe(1);
    const reloaded = { price: 4 };
    expect(answerOf(reloaded)).toEqual({ total: 8 });
    expect(builds).toBe(2);
  });
});
