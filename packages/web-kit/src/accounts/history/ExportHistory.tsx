/**
 * The history tab's "Export CSV" (issue 33): every page of the account's history is read (bounded), with the pages
 * and operations read so far and a Cancel, then the prices at the time are asked of the price service, and the file
 * is downloaded. What the file lacks is said: the oldest operations past the bound, the fiat values the service could
 * not give.
 */
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { HistoryPage } from '@secux-companion/chain-common';
import type { ChainSymbol } from '@secux-companion/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, uiLanguage } from '../../lib/format';
import { selectedCurrency } from '../../lib/currency';
import { labelOf, labelStore } from '../../labels/labels';
import { CSV_MAX_OPERATIONS, csvFileName, historyCsv, readAllPages, type ReadProgress } from './csvExport';
import { loadPriceLookup, loadTokenPriceLookup } from './priceHistory';
import { downloadText } from '../../lib/files';

/** A day in the interface language (UTC: the service's days are UTC days). */
function dateText(time: number): string {
  return new Intl.DateTimeFormat(uiLanguage(), { dateStyle: 'medium', timeZone: 'UTC' }).format(time);
}

/** The service's limit when some operation is older than it (else null: nothing to say). */
function limitFor(operations: readonly { time: number | null }[], servedFrom: number | null): number | null {
  if (servedFrom === null) return null;
  return operations.some((op) => op.time !== null && op.time > 0 && op.time < servedFrom) ? servedFrom : null;
}

type State =
  | { kind: 'idle' }
  | { kind: 'reading'; progress: ReadProgress }
  | { kind: 'pricing' }
  | {
      kind: 'done';
      count: number;
      complete: boolean;
      priced: boolean;
      /** The price service keeps no prices before this time (ms): older operations have no fiat value. */
      servedFrom: number | null;
    }
  | { kind: 'error'; text: string };

export function ExportHistory({
  fetchPage,
  unit,
  explorerTx,
  priceCoin,
  accountName,
}: {
  fetchPage: (cursor: string | null) => Promise<HistoryPage>;
  unit: { symbol: string; decimals: number };
  explorerTx?: ((hash: string) => string | undefined) | undefined;
  /** The coin whose prices value the operations; null: the chain has no price (the column stays empty). */
  priceCoin: ChainSymbol | null;
  accountName: string;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    const ctrl = new AbortController();
    abort.current = ctrl;
    setState({ kind: 'reading', progress: { pages: 0, operations: 0 } });
    try {
      const all = await readAllPages(fetchPage, {
        signal: ctrl.signal,
        onProgress: (progress) => setState({ kind: 'reading', progress }),
      });
      setState({ kind: 'pricing' });
      const currency = selectedCurrency().code;
      const tokenOps = all.operations.flatMap((op) =>
        op.token ? [{ contract: op.token.contract, time: op.time }] : [],
      );
      const [prices, tokenPrices] = await Promise.all([
        loadPriceLookup(
          priceCoin,
          currency,
          all.operations.map((op) => (op.token ? null : op.time)),
          { signal: ctrl.signal },
        ),
        tokenOps.length ? loadTokenPriceLookup(priceCoin, currency, tokenOps, { signal: ctrl.signal }) : null,
      ]);
      const records = labelStore.get().records;
      const text = historyCsv(all.operations, {
        unit,
        explorerTx,
        priceAt: prices.priceAt,
        tokenPriceAt: tokenPrices?.priceAt,
        currency,
        labelOf: (hash) => labelOf(records, 'tx', hash),
      });
      // A byte-order mark: spreadsheets then read the labels' and names' UTF-8 as UTF-8.
      downloadText(`\uFEFF${text}`, csvFileName(accountName, unit.symbol), 'text/csv;charset=utf-8');
      setState({
        kind: 'done',
        count: all.operations.length,
        complete: all.complete,
        priced: prices.available || (tokenPrices?.priced ?? 0) > 0,
        servedFrom: limitFor(all.operations, prices.servedFrom ?? tokenPrices?.servedFrom ?? null),
      });
    } catch (e) {
      if (ctrl.signal.aborted) setState({ kind: 'idle' });
      else setState({ kind: 'error', text: errorText(t, e) });
    } finally {
      if (abort.current === ctrl) abort.current = null;
    }
  };

  const busy = state.kind === 'reading' || state.kind === 'pricing';
  return (
    <>
      <Group justify="flex-end" gap="xs">
        {busy && (
          <>
            <Loader size="xs" aria-hidden />
            <Text size="sm" role="status" data-testid="history-export-progress">
              {state.kind === 'reading'
                ? t('exports.reading', { pages: state.progress.pages, count: state.progress.operations })
                : t('exports.pricing')}
            </Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => abort.current?.abort()}
              data-testid="history-export-cancel"
            >
              {t('common.cancel')}
            </Button>
          </>
        )}
        <Button
          size="xs"
          variant="light"
          onClick={() => void start()}
          disabled={busy}
          data-testid="history-export"
        >
          {t('exports.csv')}
        </Button>
      </Group>
      {state.kind === 'done' && (
        <Alert color={state.complete ? 'green' : 'yellow'} role="status" data-testid="history-export-done">
          <Text size="sm">{t('exports.done', { count: state.count })}</Text>
          {!state.complete && <Text size="sm">{t('exports.incomplete', { max: CSV_MAX_OPERATIONS })}</Text>}
          {!state.priced && <Text size="sm">{t('exports.noFiat')}</Text>}
          {state.priced && state.servedFrom !== null && (
            <Text size="sm" data-testid="history-export-price-limit">
              {t('exports.priceLimit', { date: dateText(state.servedFrom) })}
            </Text>
          )}
        </Alert>
      )}
      {state.kind === 'error' && (
        <Alert color="red" role="alert" data-testid="history-export-error">
          {t('exports.failed', { reason: state.text })}
        </Alert>
      )}
    </>
  );
}
