/** Opaque history cursors, and the providers that can go on from one. */
import { HttpError } from '../errors.js';
import { ChainApiError } from './errors.js';

/** Opaque cursor: base64url(JSON). Providers put their own kind in `k` so a cursor is never misread by another kind. */
export function encodeCursor(c: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

export function decodeCursor(c: string | undefined | null): Record<string, unknown> | null {
  if (!c) return null;
  try {
    const v = JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A history query's cursor, as this family wrote it for this `address` under its `kind` (`k`, `a`); null without
 * one. A cursor that does not decode, names another kind or address, or fails the family's own `ok` is 400.
 */
export function historyCursor(
  cursor: string | undefined | null,
  kind: string,
  address: string,
  ok: (c: Record<string, unknown>) => boolean = () => true,
): Record<string, unknown> | null {
  if (!cursor) return null;
  const c = decodeCursor(cursor);
  if (!c || c.k !== kind || c.a !== address || !ok(c))
    throw new HttpError(400, 'invalid query: cursor: must be a cursor returned by a previous page');
  return c;
}

/**
 * The providers that can go on from a history cursor (their `cursorKind` wrote it); all of them without a cursor.
 * A cursor that does not decode, or that no configured provider kind wrote, is the client's error: 400.
 */
export function cursorProviders<P extends { cursorKind?: string }>(
  list: readonly P[],
  cursor: string | null,
): P[] {
  if (!cursor) return [...list];
  const c = decodeCursor(cursor);
  const mine = c ? list.filter((p) => p.cursorKind === c.k) : [];
  if (!mine.length)
    throw new ChainApiError(
      400,
      'bad_request',
      'cursor is not one this chain returned (ask the first page again)',
    );
  return mine;
}
