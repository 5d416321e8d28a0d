/**
 * Chain data endpoints under /api/chains (spec 02 §7; documented with examples in apps/server/CHAINS.md).
 * Every input is validated (400 with the bad fields); upstream failures answer 404 / 422 / 429 / 502 / 503 with
 * `{error, code, statusCode, chain, attempts[, retryAfter, stale]}` and never a made-up zero balance.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { HttpError, parseInput } from '../errors.js';
import type { UtxoSubject } from './backends.js';
import { EvmFacade, UtxoFacade, type ChainFacade } from './facade.js';
import { ChainApiError } from './failover.js';
import { createChainRegistry, type ChainRegistry } from './registry.js';
import { bipOfKey, isExtendedKey, type UtxoBip } from './xpub.js';

export interface ChainRouteOptions {
  /** Inject a registry (tests); default: built from the config and the environment. */
  registry?: ChainRegistry;
  env?: Record<string, string | undefined>;
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const evmAddress = z
  .string()
  .trim()
  .transform((a) => (/^xdc[0-9a-fA-F]{40}$/i.test(a) ? `0x${a.slice(3)}` : a))
  .refine((a) => EVM_ADDRESS.test(a), { message: 'must be a 0x-prefixed 20-byte hex address' });
const utxoAddress = z
  .string()
  .trim()
  .regex(/^(?:bitcoincash:|bchtest:)?[a-zA-Z0-9]{14,90}$/, { message: 'must be an address' });
const bip = z
  .enum(['44', '49', '84', '86'], { message: 'must be 44, 49, 84 or 86' })
  .transform((v) => Number(v) as UtxoBip)
  .optional();
const pageSize = z
  .string()
  .regex(/^\d{1,3}$/, { message: 'must be a number 1-100' })
  .transform(Number)
  .refine((n) => n >= 1 && n <= 100, { message: 'must be between 1 and 100' })
  .optional();
const cursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,512}$/, { message: 'must be a cursor returned by a previous page' })
  .optional();
const boolQ = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1')
  .optional();
const contractList = z
  .string()
  .transform((s) => [
    ...new Set(
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ])
  .refine((l) => l.length <= 50, { message: 'at most 50 contracts' })
  .refine((l) => l.every((c) => EVM_ADDRESS.test(c)), { message: 'contains an invalid contract address' });
const hexTx = z
  .string()
  .trim()
  .max(800_000, { message: 'is too large' })
  .regex(/^(0x)?([0-9a-fA-F]{2})+$/, { message: 'must be the signed transaction as hex' });

const ChainParam = z.object({
  chain: z.string().regex(/^[A-Za-z0-9-]{2,20}$/, { message: 'must be a chain symbol' }),
});
const IdParams = ChainParam.extend({ id: z.string().min(1).max(200) });
const TxParams = ChainParam.extend({
  txid: z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, { message: 'must be a 32-byte hex transaction id' }),
});

const RPC_ALLOW = {
  utxo: new Set([
    'getmempoolinfo',
    'getblockcount',
    'getbestblockhash',
    'getblockchaininfo',
    'getnetworkinfo',
    'estimatesmartfee',
    'sendrawtransaction',
    'getrawtransaction',
    'getblockhash',
    'getblockheader',
    'getmempoolentry',
    'testmempoolaccept',
    'decoderawtransaction',
  ]),
  evm: new Set([
    'eth_chainId',
    'net_version',
    'eth_blockNumber',
    'eth_getBalance',
    'eth_getTransactionCount',
    'eth_estimateGas',
    'eth_gasPrice',
    'eth_maxPriorityFeePerGas',
    'eth_feeHistory',
    'eth_call',
    'eth_getCode',
    'eth_sendRawTransaction',
    'eth_getBlockByNumber',
    'eth_getBlockByHash',
    'eth_getTransactionByHash',
    'eth_getTransactionReceipt',
  ]),
};
const RpcBody = z.object({
  jsonrpc: z.string().max(10).optional(),
  id: z.union([z.string().max(100), z.number(), z.null()]).optional(),
  method: z.string().regex(/^[A-Za-z0-9_]{1,64}$/, { message: 'must be a method name' }),
  params: z.array(z.unknown()).max(20).default([]),
});

export function registerChainRoutes(
  api: FastifyInstance,
  deps: Pick<AppDeps, 'config' | 'fetch'>,
  opts: ChainRouteOptions = {},
): void {
  api.register(async (scope) => {
    const registry =
      opts.registry ??
      createChainRegistry({
        config: deps.config,
        fetch: deps.fetch,
        env: opts.env,
        log: { warn: (obj, msg) => scope.log.warn(obj, msg) },
      });

    scope.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
      if (err instanceof ChainApiError) {
        if (err.extra.retryAfter) reply.header('retry-after', String(err.extra.retryAfter));
        if (err.statusCode >= 500) req.log.warn({ code: err.code, chain: err.extra.chain }, err.message);
        return reply
          .status(err.statusCode)
          .send({ error: err.message, code: err.code, statusCode: err.statusCode, ...err.extra });
      }
      const status =
        typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500
          ? err.statusCode
          : 500;
      if (status === 500) {
        req.log.error({ err }, 'chain request failed');
        return reply.status(500).send({ error: 'Internal Server Error', code: 'internal', statusCode: 500 });
      }
      const extra = err instanceof HttpError ? err.extra : undefined;
      return reply.status(status).send({
        error: err.message,
        code: status === 400 ? 'bad_request' : 'client_error',
        statusCode: status,
        ...extra,
      });
    });

    const facadeOf = (req: FastifyRequest): ChainFacade => {
      const { chain } = parseInput(ChainParam, req.params, 'chain');
      const f = registry.get(chain);
      if (!f)
        throw new ChainApiError(
          404,
          'unknown_chain',
          `chain ${chain.toUpperCase()} is not served by this server`,
          { chain: chain.toUpperCase() },
        );
      return f;
    };
    const utxoOnly = (f: ChainFacade): UtxoFacade => {
      if (!(f instanceof UtxoFacade)) throw new HttpError(400, `Not Utxo base: ${f.cfg.chain}`);
      return f;
    };
    const evmOnly = (f: ChainFacade): EvmFacade => {
      if (!(f instanceof EvmFacade)) throw new HttpError(400, `not an EVM chain: ${f.cfg.chain}`);
      return f;
    };
    /** An xpub (with its purpose) or an address of a bitcoin-family chain. */
    const subjectOf = (id: string, b: UtxoBip | undefined): UtxoSubject => {
      if (isExtendedKey(id))
        return { kind: 'xpub', xpub: id, bip: b ?? bipOfKey(id), explicitBip: b !== undefined };
      if (/^[a-z]pub|^[A-Z][a-z]ub/.test(id) && id.length > 100)
        throw new HttpError(400, 'invalid extended public key');
      return { kind: 'address', address: parseInput(utxoAddress, id, 'address') };
    };
    const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

    scope.get('/chains', async (_req, reply) => {
      noStore(reply);
      return { chains: registry.list() };
    });

    scope.get('/chains/:chain', async (req, reply) => {
      const f = facadeOf(req);
      noStore(reply);
      // `source` tells the client whether this is the local profile's own chain (no public explorer).
      const source = registry.list().find((c) => c.chain === f.cfg.chain)?.source;
      return f instanceof EvmFacade
        ? { chain: f.cfg.chain, family: 'evm', chainId: f.cfg.chainId, ...(source ? { source } : {}) }
        : { chain: f.cfg.chain, family: 'utxo', network: f.cfg.network, coinType: f.cfg.coinType };
    });

    // getAccount: an EVM address (balance, nonce, tx count, optional tokens) or a bitcoin-family address.
    scope.get('/chains/:chain/account/:id', async (req, reply) => {
      const f = facadeOf(req);
      const { id } = parseInput(IdParams, req.params, 'path');
      noStore(reply);
      if (f instanceof EvmFacade) {
        const q = parseInput(
          z.object({ tokens: boolQ, contracts: contractList.optional() }),
          req.query,
          'query',
        );
        return f.account(parseInput(evmAddress, id, 'address'), {
          discover: q.tokens ?? false,
          contracts: q.contracts ?? [],
        });
      }
      const q = parseInput(
        z.object({ bip, gap: pageSize, addresses: z.enum(['used', 'derived']).optional() }),
        req.query,
        'query',
      );
      const subject = subjectOf(id, q.bip);
      return f.account({ subject, tokens: q.addresses ?? 'used', ...(q.gap ? { gap: q.gap } : {}) });
    });

    // Bitcoin family: xpub account (balance, tx count, used/derived addresses with paths).
    scope.get('/chains/:chain/xpub/:id', async (req, reply) => {
      const f = utxoOnly(facadeOf(req));
      const { id } = parseInput(IdParams, req.params, 'path');
      const q = parseInput(
        z.object({ bip, gap: pageSize, addresses: z.enum(['used', 'derived']).optional() }),
        req.query,
        'query',
      );
      if (!isExtendedKey(id)) throw new HttpError(400, 'invalid extended public key');
      noStore(reply);
      return f.account({
        subject: { kind: 'xpub', xpub: id, bip: q.bip ?? bipOfKey(id), explicitBip: q.bip !== undefined },
        tokens: q.addresses ?? 'used',
        ...(q.gap ? { gap: q.gap } : {}),
      });
    });

    scope.get('/chains/:chain/utxo/:id', async (req, reply) => {
      const f = utxoOnly(facadeOf(req));
      const { id } = parseInput(IdParams, req.params, 'path');
      const q = parseInput(z.object({ bip, confirmed: boolQ }), req.query, 'query');
      noStore(reply);
      return { utxos: await f.utxos(subjectOf(id, q.bip), q.confirmed ?? false) };
    });

    // Explorer gas oracle (spec 02 §7, BSC): Fast/Propose/Safe as high/medium/low in wei; 404 without an explorer.
    scope.get('/chains/:chain/gas-oracle', async (req, reply) => {
      const f = evmOnly(facadeOf(req));
      noStore(reply);
      return f.gasOracle();
    });

    // NFTs (ERC-721 / ERC-1155) held by an EVM address: collections (≤ 300) and a page of 50 NFTs.
    scope.get('/chains/:chain/nfts/:id', async (req, reply) => {
      const f = evmOnly(facadeOf(req));
      const { id } = parseInput(IdParams, req.params, 'path');
      const address = parseInput(evmAddress, id, 'address');
      const q = parseInput(
        z.object({
          collection: z
            .string()
            .trim()
            .regex(EVM_ADDRESS, { message: 'must be a collection slug (its contract address)' })
            .optional(),
          page: z
            .string()
            .regex(/^\d{1,5}$/, { message: 'must be a page number 1-10000' })
            .transform(Number)
            .refine((n) => n >= 1 && n <= 10_000, { message: 'must be between 1 and 10000' })
            .optional(),
        }),
        req.query,
        'query',
      );
      noStore(reply);
      return f.nfts(address, { ...(q.collection ? { collection: q.collection } : {}), page: q.page ?? 1 });
    });

    // getHistory with a cursor (opaque; from the previous page).
    scope.get('/chains/:chain/history/:id', async (req, reply) => {
      const f = facadeOf(req);
      const { id } = parseInput(IdParams, req.params, 'path');
      const q = parseInput(z.object({ bip, cursor, pageSize }), req.query, 'query');
      noStore(reply);
      if (f instanceof EvmFacade)
        return f.history(parseInput(evmAddress, id, 'address'), q.cursor ?? null, q.pageSize ?? 10);
      return f.history(subjectOf(id, q.bip), q.cursor ?? null, q.pageSize ?? 10);
    });

    scope.get('/chains/:chain/tx/:txid', async (req) => {
      const f = utxoOnly(facadeOf(req));
      const { txid } = parseInput(TxParams, req.params, 'path');
      return f.tx(txid.replace(/^0x/, ''));
    });

    scope.get('/chains/:chain/tx/:txid/raw', async (req) => {
      const f = utxoOnly(facadeOf(req));
      const { txid } = parseInput(TxParams, req.params, 'path');
      return { txid: txid.replace(/^0x/, ''), hex: await f.rawTx(txid.replace(/^0x/, '')) };
    });

    scope.get('/chains/:chain/fees', async (req, reply) => {
      const f = facadeOf(req);
      reply.header('cache-control', 'public, max-age=10');
      return f.fees();
    });

    scope.get('/chains/:chain/nonce/:id', async (req, reply) => {
      const f = evmOnly(facadeOf(req));
      const { id } = parseInput(IdParams, req.params, 'path');
      noStore(reply);
      return { nonce: await f.nonce(parseInput(evmAddress, id, 'address')) };
    });

    scope.post('/chains/:chain/gas-limit', async (req) => {
      const f = evmOnly(facadeOf(req));
      const body = parseInput(
        z.object({
          from: evmAddress.optional(),
          to: evmAddress,
          value: z
            .string()
            .regex(/^\d{1,78}$/, { message: 'must be a decimal amount in wei' })
            .optional(),
          data: z
            .string()
            .regex(/^0x([0-9a-fA-F]{2}){0,100000}$/, { message: 'must be 0x-prefixed hex' })
            .optional(),
        }),
        req.body,
        'body',
      );
      return { gasLimit: await f.gasLimit(body) };
    });

    // getAccountToken / getTokensInfo: token metadata (and balances when an address is given).
    scope.get('/chains/:chain/tokens', async (req, reply) => {
      const f = evmOnly(facadeOf(req));
      const q = parseInput(
        z.object({ address: evmAddress.optional(), contracts: contractList.optional(), discover: boolQ }),
        req.query,
        'query',
      );
      noStore(reply);
      if (q.discover) {
        if (!q.address) throw new HttpError(400, 'invalid query: address: is required with discover=true');
        return { tokens: await f.tokenBalances(q.address, { discover: true, contracts: q.contracts ?? [] }) };
      }
      if (!q.contracts?.length)
        throw new HttpError(400, 'invalid query: contracts: at least one contract is required');
      return { tokens: await f.tokenInfo(q.contracts, q.address) };
    });

    // broadcastTransaction
    scope.post('/chains/:chain/broadcast', async (req, reply) => {
      const f = facadeOf(req);
      const { rawTx } = parseInput(z.object({ rawTx: hexTx }), req.body, 'body');
      noStore(reply);
      if (f instanceof EvmFacade) return f.broadcast(rawTx.startsWith('0x') ? rawTx : `0x${rawTx}`);
      return f.broadcast(rawTx.replace(/^0x/, ''));
    });

    // Per-coin node proxy: allow-listed JSON-RPC methods, forwarded only to this chain's configured nodes.
    scope.post('/chains/:chain/rpc', async (req, reply) => {
      const f = facadeOf(req);
      const body = parseInput(RpcBody, req.body, 'body');
      const allowed = f instanceof EvmFacade ? RPC_ALLOW.evm : RPC_ALLOW.utxo;
      if (!allowed.has(body.method))
        throw new HttpError(400, `method not allowed: ${body.method}`, { allowed: [...allowed] });
      noStore(reply);
      const id = body.id ?? null;
      try {
        const result = await f.rpc(body.method, body.params);
        return { jsonrpc: '2.0', id, result };
      } catch (e) {
        // The node's own answer (rejected transaction, bad params, revert) is passed back as a JSON-RPC error.
        if (
          e instanceof ChainApiError &&
          (e.code === 'rejected' || e.code === 'bad_request' || e.code === 'not_found')
        ) {
          return { jsonrpc: '2.0', id, error: { code: e.extra.upstreamCode ?? -32000, message: e.message } };
        }
        throw e;
      }
    });
  });
}
