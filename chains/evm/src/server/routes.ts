/** The EVM family's own endpoints (CHAINS.md): gas oracle, NFTs, nonce, gas limit, simulation and tokens. */
import { z } from 'zod';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import type { ChainRoute } from '@secux-companion/server-kit/facade';
import { IdParams, boolQ, noStore } from '@secux-companion/server-kit/params';
import { EVM_ADDRESS, contractList, evmAddress } from './address.js';
import type { EvmFacade } from './facade.js';

const NftQuery = z.object({
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
});

const GasLimitBody = z.object({
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
});

const wei = z.string().regex(/^\d{1,78}$/, { message: 'must be a decimal amount in wei' });
/** A built transaction to simulate, as it would be signed (amounts and fees in wei, decimal). */
const SimulateBody = z
  .object({
    from: evmAddress,
    to: evmAddress,
    value: wei,
    data: z.string().regex(/^0x([0-9a-fA-F]{2}){0,100000}$/, { message: 'must be 0x-prefixed hex' }),
    gas: wei,
    nonce: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    maxFeePerGas: wei.optional(),
    maxPriorityFeePerGas: wei.optional(),
    gasPrice: wei.optional(),
  })
  .refine((b) => (b.gasPrice === undefined) !== (b.maxFeePerGas === undefined), {
    message: 'must carry either gasPrice or maxFeePerGas',
  });

export const evmRoutes: readonly ChainRoute<EvmFacade>[] = [
  // Explorer gas oracle (spec 02 §7, BSC): Fast/Propose/Safe as high/medium/low in wei; 404 without an explorer.
  {
    method: 'GET',
    path: '/gas-oracle',
    async handler(f, _req, reply) {
      noStore(reply);
      return f.gasOracle();
    },
  },
  // NFTs (ERC-721 / ERC-1155) held by an address: collections (≤ 300) and a page of 50 NFTs.
  {
    method: 'GET',
    path: '/nfts/:id',
    async handler(f, req, reply) {
      const { id } = parseInput(IdParams, req.params, 'path');
      const address = parseInput(evmAddress, id, 'address');
      const q = parseInput(NftQuery, req.query, 'query');
      noStore(reply);
      return f.nfts(address, { ...(q.collection ? { collection: q.collection } : {}), page: q.page ?? 1 });
    },
  },
  // Token approvals of an address (issue 32): live ERC-20 allowances and NFT operator approvals.
  {
    method: 'GET',
    path: '/approvals/:id',
    async handler(f, req, reply) {
      const { id } = parseInput(IdParams, req.params, 'path');
      const owner = parseInput(evmAddress, id, 'address');
      noStore(reply);
      return f.approvals(owner);
    },
  },
  {
    method: 'GET',
    path: '/nonce/:id',
    async handler(f, req, reply) {
      const { id } = parseInput(IdParams, req.params, 'path');
      noStore(reply);
      return { nonce: await f.nonce(parseInput(evmAddress, id, 'address')) };
    },
  },
  {
    method: 'POST',
    path: '/gas-limit',
    async handler(f, req) {
      const body = parseInput(GasLimitBody, req.body, 'body');
      return { gasLimit: await f.gasLimit(body) };
    },
  },
  // The transfers and fee of a built transaction as the chain simulates it (issue 32: balance changes).
  {
    method: 'POST',
    path: '/simulate',
    async handler(f, req, reply) {
      noStore(reply);
      const b = parseInput(SimulateBody, req.body, 'body');
      return f.simulate({
        from: b.from,
        to: b.to,
        value: b.value,
        data: b.data,
        gas: b.gas,
        nonce: b.nonce,
        ...(b.gasPrice !== undefined
          ? { gasPrice: b.gasPrice }
          : { maxFeePerGas: b.maxFeePerGas!, maxPriorityFeePerGas: b.maxPriorityFeePerGas ?? '0' }),
      });
    },
  },
  // Spec 02 "GET /bsc_token_list": the chain's token list as the product API answers it (code 0 is success).
  {
    method: 'GET',
    path: '/token-list',
    async handler(f, _req, reply) {
      reply.header('cache-control', 'public, max-age=300');
      return { code: 0, data: f.cfg.tokenList ?? [] };
    },
  },
  // getAccountToken / getTokensInfo: token metadata (and balances when an address is given).
  {
    method: 'GET',
    path: '/tokens',
    async handler(f, req, reply) {
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
    },
  },
];
