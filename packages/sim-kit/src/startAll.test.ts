/** startAll: every item starts side by side; one failure stops the ones that started and rethrows its error. */
import { describe, expect, it } from 'vitest';
import { startAll } from './startAll.js';

describe('startAll', () => {
  it('answers each item with what started, in order', async () => {
    const started = await startAll([1, 2], async (n) => ({ n, stop: async () => undefined }));
    expect(started.map(([i, s]) => [i, s.n])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('stops the started ones when one fails, and throws its error', async () => {
    const stopped: number[] = [];
    await expect(
      startAll([1, 2, 3], async (n) => {
        if (n === 2) throw new Error('port 2 taken');
        return { stop: async () => void stopped.push(n) };
      }),
    ).rejects.toThrow('port 2 taken');
    expect(stopped.sort()).toEqual([1, 3]);
  });
});
