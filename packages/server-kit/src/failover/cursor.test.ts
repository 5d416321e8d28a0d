import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.js';
import { encodeCursor, historyCursor } from './cursor.js';

describe('historyCursor', () => {
  const mine = encodeCursor({ k: 'xrp', a: 'rA', m: 7 });
  it('null without a cursor; the decoded cursor when this kind wrote it for this address', () => {
    expect(historyCursor(undefined, 'xrp', 'rA')).toBeNull();
    expect(historyCursor(mine, 'xrp', 'rA')).toEqual({ k: 'xrp', a: 'rA', m: 7 });
  });
  it('400 for garbage, another kind, another address, or a cursor the family’s check refuses', () => {
    for (const [c, kind, address, ok] of [
      ['bm9wZQ', 'xrp', 'rA', undefined],
      [mine, 'xlm', 'rA', undefined],
      [mine, 'xrp', 'rB', undefined],
      [mine, 'xrp', 'rA', (c: Record<string, unknown>) => typeof c.m === 'string'],
    ] as const) {
      const thrown = (() => {
        try {
          historyCursor(c, kind, address, ok);
        } catch (e) {
          return e;
        }
      })();
      expect(thrown).toBeInstanceOf(HttpError);
      expect(thrown).toMatchObject({
        statusCode: 400,
        message: 'invalid query: cursor: must be a cursor returned by a previous page',
      });
    }
  });
});
