/**
 * An account's history as a CSV file the user takes away (issue 33): every page of the adapter's history (bounded,
 * with progress and cancel), one row per operation, amounts as exact decimal text in the coin's or token's unit (from
 * the bigint, never a float), the fiat value at the time from the price service's historical prices when it has them
 * (empty, never zero, when it has not), the counterparty, the transaction id and its explorer link.
 *
 * The text follows RFC 4180 (CRLF line ends; a field with a comma, quote or line break quoted, quotes doubled) and is
 * safe to open in a spreadsheet: a cell that starts with = + - @ (or a tab or carriage return) is prefixed with a
 * quote, so a label or a token symbol chosen by someone else cannot run as a formula.
 */
import { currencyDigits, formatUnits, toFiat } from '@secux-companion/core';
import type { HistoryPage, Operation } from '@secux-companion/chain-common';

/** Most pages read for one export (the family's page size each: 25 to 50 operations). */
export const CSV_MAX_PAGES = 200;
/** Most operations written to one export. */
export const CSV_MAX_OPERATIONS = 10_000;

/** The header row: fixed English names, so a spreadsheet or a tax tool reads the columns the same in every language. */
export const CSV_HEADER = [
  'Date (UTC)',
  'Type',
  'Status',
  'Amount',
  'Asset',
  'Fee',
  'Fee asset',
  'Fiat value at the time',
  'Fiat currency',
  'Counterparty',
  'Transaction ID',
  'Explorer link',
  'Label',
] as const;

/** Starts of a cell a spreadsheet reads as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula starts neutralized, then quoted per RFC 4180 when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV text: cells joined by commas, records ended by CRLF (RFC 4180). */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => `${r.map(csvCell).join(',')}\r\n`).join('');
}

export interface ReadProgress {
  pages: number;
  operations: number;
}

export interface AllPages {
  operations: Operation[];
  /** false when the export stopped at {@link CSV_MAX_PAGES} or {@link CSV_MAX_OPERATIONS}: older ones are missing. */
  complete: boolean;
}

/**
 * Reads every page of an account's history (the first with a null cursor), up to the bounds; progress after each page.
 * Throws an AbortError when `signal` is aborted, and the page's error when a page cannot be read.
 */
export async function readAllPages(
  fetchPage: (cursor: string | null) => Promise<HistoryPage>,
  options: {
    signal?: AbortSignal;
    onProgress?: (p: ReadProgress) => void;
    maxPages?: number;
    maxOperations?: number;
  } = {},
): Promise<AllPages> {
  const maxPages = options.maxPages ?? CSV_MAX_PAGES;
  const maxOperations = options.maxOperations ?? CSV_MAX_OPERATIONS;
  const operations: Operation[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | null = null;
  for (let pages = 0; pages < maxPages;) {
    options.signal?.throwIfAborted();
    const page = await fetchPage(cursor);
    options.signal?.throwIfAborted();
    pages++;
    operations.push(...page.operations);
    options.onProgress?.({ pages, operations: Math.min(operations.length, maxOperations) });
    if (operations.length >= maxOperations) {
      return {
        operations: operations.slice(0, maxOperations),
        complete: operations.length === maxOperations && !page.cursor,
      };
    }
    // A cursor seen before would read the same pages again: the history ends there.
    if (!page.cursor || seenCursors.has(page.cursor)) return { operations, complete: true };
    seenCursors.add(page.cursor);
    cursor = page.cursor;
  }
  return { operations, complete: false };
}

/** One point of a price history: the time (ms) and the price then (decimal text, fiat per whole coin). */
export interface PricePoint {
  time: number;
  price: string;
}

/** A point further than this from an operation's time does not price it (the history's points are daily). */
export const PRICE_POINT_MAX_GAP_MS = 36 * 3600_000;

/**
 * The price at `time` from points sorted by time: the nearest point within `maxGapMs` (the series' step; by default
 * {@link PRICE_POINT_MAX_GAP_MS}); null when there is none (the cell stays empty, never zero).
 */
export function priceAt(
  points: readonly PricePoint[],
  time: number | null,
  maxGapMs = PRICE_POINT_MAX_GAP_MS,
): string | null {
  if (time === null || !Number.isFinite(time) || points.length === 0) return null;
  let lo = 0;
  let hi = points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.time < time) lo = mid + 1;
    else hi = mid;
  }
  const candidates = [points[lo - 1], points[lo]].filter((p): p is PricePoint => !!p);
  let best: PricePoint | null = null;
  for (const p of candidates) if (!best || Math.abs(p.time - time) < Math.abs(best.time - time)) best = p;
  return best && Math.abs(best.time - time) <= maxGapMs ? best.price : null;
}

export interface CsvContext {
  /** The chain's own unit (amounts of the coin, and every fee). */
  unit: { symbol: string; decimals: number };
  /** The transaction on the block explorer; undefined on a local chain (the cell stays empty). */
  explorerTx?: ((hash: string) => string | undefined) | undefined;
  /** The coin's price at a time (the display currency), or null when unknown. */
  priceAt?: ((time: number | null) => string | null) | undefined;
  /** A token's price (by contract) at a time (the display currency), or null when unknown. */
  tokenPriceAt?: ((contract: string, time: number | null) => string | null) | undefined;
  /** The display currency's code (USD, TWD …). */
  currency: string;
  /** The account's label of a transaction (BIP-329), if any. */
  labelOf?: ((txid: string) => string | undefined) | undefined;
}

/** The first address on the other side of the operation: a recipient not the account's (out), a sender (in). */
export function counterpartyOf(op: Operation): string {
  const side = op.direction === 'in' ? op.senders : op.direction === 'out' ? op.recipients : [];
  return side.find((c) => !c.isOwn && c.address)?.address ?? '';
}

function isoDate(time: number | null): string {
  if (time === null || !Number.isFinite(time) || time <= 0) return '';
  const d = new Date(time);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

/** One operation's row, in the order of {@link CSV_HEADER}. */
export function operationRow(op: Operation, ctx: CsvContext): string[] {
  const asset = op.token ? op.token.symbol : ctx.unit.symbol;
  const decimals = op.token ? op.token.decimals : ctx.unit.decimals;
  const value = op.value < 0n ? -op.value : op.value;
  const amount = formatUnits(value, decimals);
  const price = op.token
    ? (ctx.tokenPriceAt?.(op.token.contract, op.time) ?? null)
    : (ctx.priceAt?.(op.time) ?? null);
  let fiat = '';
  if (price !== null) {
    try {
      fiat = toFiat(value, decimals, price, { digits: currencyDigits(ctx.currency) });
    } catch {
      fiat = ''; // an unusable price: the cell stays empty
    }
  }
  // The fee the account paid (an incoming transfer's fee was someone else's).
  const fee = op.isOwnTransaction ? formatUnits(op.fee, ctx.unit.decimals) : '';
  const status = op.failed ? 'failed' : op.blockHeight === null ? 'pending' : 'confirmed';
  return [
    isoDate(op.time),
    op.action ?? op.direction,
    status,
    amount,
    asset,
    fee,
    fee ? ctx.unit.symbol : '',
    fiat,
    fiat ? ctx.currency.toUpperCase() : '',
    counterpartyOf(op),
    op.hash,
    ctx.explorerTx?.(op.hash) ?? '',
    ctx.labelOf?.(op.hash) ?? '',
  ];
}

/** The whole file: the header and one row per operation. */
export function historyCsv(operations: readonly Operation[], ctx: CsvContext): string {
  // One transaction can give several entries (an EVM transfer with its token transfers): its fee is paid once, so it
  // is written on its first row only, and a sum of the column is what the account paid.
  const feePaid = new Set<string>();
  const rows = operations.map((op) => {
    const row = operationRow(op, ctx);
    if (feePaid.has(op.hash)) {
      row[CSV_HEADER.indexOf('Fee')] = '';
      row[CSV_HEADER.indexOf('Fee asset')] = '';
    } else if (row[CSV_HEADER.indexOf('Fee')]) feePaid.add(op.hash);
    return row;
  });
  return toCsv([[...CSV_HEADER], ...rows]);
}

/** A file name for the export: the account's name made safe, the asset and today's date. */
export function csvFileName(accountName: string, symbol: string, now = new Date()): string {
  const safe = (text: string) =>
    text
      .replace(/[^\p{L}\p{N}.-]+/gu, '_')
      .replace(/^[_.-]+|[_.-]+$/g, '')
      .slice(0, 60);
  const base = [safe(accountName), safe(symbol)].filter(Boolean).join('-') || 'history';
  return `${base}-${now.toISOString().slice(0, 10)}.csv`;
}
