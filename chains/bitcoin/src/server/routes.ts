/** The bitcoin family's own endpoints (CHAINS.md): xpub accounts, unspent outputs, transactions and raw hex. */
import { z } from 'zod';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import type { ChainRoute } from '@secux-companion/server-kit/facade';
import { ChainParam, IdParams, boolQ, noStore } from '@secux-companion/server-kit/params';
import type { UtxoFacade } from './facade.js';
import { AccountQuery, bip, subjectOf } from './facade/subject.js';
import { bipOfKey, isExtendedKey } from './xpub.js';

const TxParams = ChainParam.extend({
  txid: z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, { message: 'must be a 32-byte hex transaction id' }),
});

/** Unix seconds (2009 on); buckets from a minute to a week. */
const unixSeconds = z.coerce.number().int().min(1_230_000_000).max(32_503_680_000);
const BalanceHistoryQuery = z.object({
  bip,
  from: unixSeconds,
  to: unixSeconds,
  groupBy: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(3600),
});

export const utxoRoutes: readonly ChainRoute<UtxoFacade>[] = [
  // xpub account (balance, tx count, used/derived addresses with paths).
  {
    method: 'GET',
    path: '/xpub/:id',
    async handler(f, req, reply) {
      const { id } = parseInput(IdParams, req.params, 'path');
      const q = parseInput(AccountQuery, req.query, 'query');
      if (!isExtendedKey(id)) throw new HttpError(400, 'invalid extended public key');
      noStore(reply);
      return f.accountOf({
        subject: { kind: 'xpub', xpub: id, bip: q.bip ?? bipOfKey(id), explicitBip: q.bip !== undefined },
        tokens: q.addresses ?? 'used',
        ...(q.gap ? { gap: q.gap } : {}),
      });
    },
  },
  // An account's confirmed received and sent per bucket (Blockbook's balance history): the value chart.
  {
    method: 'GET',
    path: '/balance-history/:id',
    async handler(f, req, reply) {
      const { id } = parseInput(IdParams, req.params, 'path');
      const q = parseInput(BalanceHistoryQuery, req.query, 'query');
      if (q.to < q.from) throw new HttpError(400, 'to must not be before from');
      noStore(reply);
      return f.balanceHistoryOf(subjectOf(id, q.bip), q);
    },
  },
  {
    method: 'GET',
    path: '/utxo/:id',
    async handler(f, req, reply) {
      const { id } = parseInput(IdParams, req.params, 'path');
      const q = parseInput(z.object({ bip, confirmed: boolQ }), req.query, 'query');
      noStore(reply);
      return { utxos: await f.utxos(subjectOf(id, q.bip), q.confirmed ?? false) };
    },
  },
  {
    method: 'GET',
    path: '/tx/:txid',
    async handler(f, req) {
      const { txid } = parseInput(TxParams, req.params, 'path');
      return f.tx(txid.replace(/^0x/, ''));
    },
  },
  // A pending transaction with its unconfirmed ancestors (what a CPFP child pays for): node RPC, else mempool service.
  {
    method: 'GET',
    path: '/tx/:txid/ancestors',
    async handler(f, req, reply) {
      const { txid } = parseInput(TxParams, req.params, 'path');
      noStore(reply);
      return f.ancestors(txid.replace(/^0x/, ''));
    },
  },
  // The network's relay minimum (sat/vB): node RPC's getmempoolinfo, else the mempool service's minimumFee.
  {
    method: 'GET',
    path: '/min-relay-fee',
    async handler(f, _req, reply) {
      noStore(reply);
      return f.minRelayFee();
    },
  },
  {
    method: 'GET',
    path: '/tx/:txid/raw',
    async handler(f, req) {
      const { txid } = parseInput(TxParams, req.params, 'path');
      return { txid: txid.replace(/^0x/, ''), hex: await f.rawTxOf(txid.replace(/^0x/, '')) };
    },
  },
];
