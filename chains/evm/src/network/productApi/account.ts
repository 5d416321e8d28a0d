/** The account's calls: balance, nonce (with the node fallback), history pages, broadcast and receipt. */
import { parseHistoryPage } from '@secux-companion/chain-common/wire';
import type { EvmAccountSummary } from '../../logic/adapter';
import { NONCE_TIMEOUTS_MS } from '../../logic/nonce';
import { dec, int, obj, parseReceiptStatus, qty, str } from '../http';
import type { EvmProductApiBackend, ProductApiClient } from './client';
import { ROUTES } from './routes';

type AccountCalls = Pick<
  EvmProductApiBackend,
  'getAccount' | 'getNonce' | 'nonceFallbacks' | 'getTransactions' | 'getReceiptStatus' | 'broadcast'
>;

export function accountCalls(c: ProductApiClient): AccountCalls {
  const { chain } = c;
  return {
    async getAccount(address): Promise<EvmAccountSummary> {
      const o = obj(await c.get(ROUTES.account(chain, address)), 'account');
      return {
        balance: dec(o.balance, 'balance'),
        nonce: o.nonce === undefined ? 0 : int(o.nonce, 'nonce'),
        txCount: o.txCount === undefined ? 0 : int(o.txCount, 'txCount'),
      };
    },

    async getNonce(address, signal) {
      return int(obj(await c.get(ROUTES.nonce(chain, address), signal), 'nonce').nonce, 'nonce');
    },

    nonceFallbacks() {
      return [
        {
          name: 'node',
          timeoutMs: NONCE_TIMEOUTS_MS.provider,
          get: async (address, signal) =>
            qty(await c.rpc('eth_getTransactionCount', [address, 'pending'], signal), 'nonce'),
        },
      ];
    },

    /** The server's merged Operations, read field by field and used as they are (no second merge). */
    async getTransactions(address, cursor) {
      const page = parseHistoryPage(await c.list(ROUTES.history(chain, address, cursor)));
      return { operations: page.operations, cursor: page.cursor };
    },

    async getReceiptStatus(hash) {
      return parseReceiptStatus(await c.rpc('eth_getTransactionReceipt', [hash]));
    },

    async broadcast(rawTx) {
      return str(obj(await c.broadcast({ rawTx }), 'broadcast').hash, 'hash');
    },
  };
}
