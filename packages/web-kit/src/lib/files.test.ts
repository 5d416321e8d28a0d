import { describe, expect, it, vi } from 'vitest';
import { readTextFile } from './files';

describe('readTextFile', () => {
  it('reads a file that can be within the limit', async () => {
    await expect(readTextFile(new Blob(['héllo']), 5)).resolves.toBe('héllo');
  });

  it('refuses a file too large for the limit without reading it', async () => {
    const big = new Blob(['x'.repeat(31)]);
    const text = vi.spyOn(big, 'text');
    await expect(readTextFile(big, 10)).rejects.toThrow('file too large');
    expect(text).not.toHaveBeenCalled();
  });
});
