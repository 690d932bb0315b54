import { describe, expect, it } from 'vitest';
import { batchedPerDatabase, batchedPerTurn } from '../../../server/db/batched-calls';
import type { Db } from '../../../server/db/client';

/** A batched doubling whose sends are recorded. */
function doubling(largestBatch?: number) {
  const sent: number[][] = [];
  const call = batchedPerTurn(async (asked: number[]) => {
    sent.push(asked);
    return asked.map((n) => n * 2);
  }, largestBatch);
  return { call, sent };
}

describe('calls answered together per turn of the event loop', () => {
  it('sends the calls of one turn together, in order, and answers each its own', async () => {
    const { call, sent } = doubling();
    expect(await Promise.all([call(1), call(2), call(3)])).toEqual([2, 4, 6]);
    expect(sent).toEqual([[1, 2, 3]]);
  });

  it('sends a call alone when it is alone, and later calls in a batch of their own', async () => {
    const { call, sent } = doubling();
    expect(await call(5)).toBe(10);
    expect(await Promise.all([call(6), call(7)])).toEqual([12, 14]);
    expect(sent).toEqual([[5], [6, 7]]);
  });

  it('sends a batch as soon as it is full, and the rest of the turn at its end', async () => {
    const { call, sent } = doubling(2);
    const answers = [1, 2, 3, 4, 5].map(call);
    expect(sent).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(await Promise.all(answers)).toEqual([2, 4, 6, 8, 10]);
    expect(sent).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('sends at most 16 calls a statement by default', async () => {
    const { call, sent } = doubling();
    const asked = Array.from({ length: 40 }, (_, n) => n);
    expect(await Promise.all(asked.map(call))).toEqual(asked.map((n) => n * 2));
    expect(sent.map((batch) => batch.length)).toEqual([16, 16, 8]);
  });

  it('fails the calls of a failed batch, and only those', async () => {
    const call = batchedPerTurn(async (asked: number[]) => {
      if (asked.includes(0)) throw new Error('refused');
      return asked;
    }, 2);
    const answers = await Promise.allSettled([call(0), call(1), call(2)]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
  });

  it('fails its calls when the send throws before it answers', async () => {
    const call = batchedPerTurn((): Promise<number[]> => {
      throw new Error('no connection');
    });
    await expect(call(1)).rejects.toThrow('no connection');
  });
});

describe('calls answered together per turn, for each database handle apart', () => {
  it("sends each handle's calls of a turn together, to that handle", async () => {
    const sent: [string, number[]][] = [];
    const call = batchedPerDatabase(async (db: Db, asked: number[]) => {
      sent.push([(db as unknown as { name: string }).name, asked]);
      return asked.map((n) => n + 1);
    });
    const [first, second] = [{ name: 'first' }, { name: 'second' }] as unknown as Db[];
    const answers = await Promise.all([
      call(first as Db, 1),
      call(second as Db, 2),
      call(first as Db, 3),
    ]);
    expect(answers).toEqual([2, 3, 4]);
    expect(sent).toEqual([
      ['first', [1, 3]],
      ['second', [2]],
    ]);
  });
});
