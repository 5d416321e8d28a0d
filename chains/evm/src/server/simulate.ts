/**
 * Balance changes of a transaction before it is signed (issue 32 item 1), from the node's own eth_simulateV1 with
 * `traceTransfers` (geth and anvil): the call runs on the latest block with validation (nonce, balance, fee), the
 * coin moves come back as Transfer logs of the pseudo-contract 0xeeee…eeee and ERC-20 moves as their Transfer logs.
 * A node without it is asked its call tracer instead (debug_traceCall, logs included): the frames' values and
 * Transfer logs give the same transfers. The answer is decoded here into transfers, capped and checked: at most
 * {@link SIM_TRANSFERS_MAX} transfers, amounts within uint256, gas used within the gas limit, the effective gas price
 * within the fee the call offers. A node with neither answers `available: false` (never a guess); the chain refusing
 * the call (validation) or the call reverting is `status: 'failed'` with the node's words.
 */
import { z } from 'zod';
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import type { RpcTransport } from './rpcTransport.js';

/** The pseudo-address eth_simulateV1 gives coin transfers with traceTransfers (ERC-7528). */
export const NATIVE_TRANSFER_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
/** keccak256('Transfer(address,address,uint256)'). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** Transfers kept from one simulated call (a send moves one or two; a swap a handful). */
export const SIM_TRANSFERS_MAX = 64;
/** Logs read from one simulated call. */
const SIM_LOGS_MAX = 1024;

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
const qty = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/);
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

const SimAnswer = z
  .array(
    z
      .object({
        baseFeePerGas: qty.optional(),
        calls: z
          .array(
            z
              .object({
                status: qty,
                gasUsed: qty,
                logs: z
                  .array(
                    z
                      .object({ address, topics: z.array(hex).max(4), data: hex.max(2 + 2 * 4096) })
                      .passthrough(),
                  )
                  .max(SIM_LOGS_MAX),
                error: z
                  .object({ code: z.number().optional(), message: z.string() })
                  .passthrough()
                  .optional(),
              })
              .passthrough(),
          )
          .length(1),
      })
      .passthrough(),
  )
  .length(1);

/** The call to simulate: the built transaction's fields (decimal strings), as it would be signed. */
export interface EvmSimRequest {
  from: string;
  to: string;
  value: string;
  data: string;
  gas: string;
  nonce: number;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  gasPrice?: string;
}

/** One transfer the call makes: the coin (`token: null`) or an ERC-20 (its contract). */
export interface SimTransfer {
  token: string | null;
  from: string;
  to: string;
  amount: string;
}

export type EvmSimAnswer =
  | { available: false }
  | { available: true; status: 'failed'; error: string }
  | { available: true; status: 'success'; gasUsed: string; gasPrice: string; transfers: SimTransfer[] };

const topicAddress = (t: string) => `0x${t.slice(-40)}`.toLowerCase();

/** ERC-20 and coin Transfer logs (3 topics, a 32-byte amount); ERC-721's (4 topics) and the rest are left out. */
export function transfersOf(
  logs: readonly { address: string; topics: string[]; data: string }[],
): SimTransfer[] {
  const out: SimTransfer[] = [];
  for (const l of logs) {
    if (l.topics.length !== 3 || l.topics[0]?.toLowerCase() !== TRANSFER_TOPIC || l.data.length !== 66)
      continue;
    if (!/^0x0{24}[0-9a-fA-F]{40}$/.test(l.topics[1]!) || !/^0x0{24}[0-9a-fA-F]{40}$/.test(l.topics[2]!))
      throw new ProviderError('malformed', 'eth_simulateV1: a Transfer topic is not an address');
    const contract = l.address.toLowerCase();
    out.push({
      token: contract === NATIVE_TRANSFER_ADDRESS ? null : contract,
      from: topicAddress(l.topics[1]!),
      to: topicAddress(l.topics[2]!),
      amount: BigInt(l.data).toString(),
    });
  }
  if (out.length > SIM_TRANSFERS_MAX)
    throw new ProviderError('malformed', `eth_simulateV1: more than ${SIM_TRANSFERS_MAX} transfers`);
  return out;
}

const toHex = (v: string | number) => `0x${BigInt(v).toString(16)}`;

/**
 * The chain refusing the call, in its words: geth's simulate errors (-38010 … -38026: nonce, funds, fee cap below the
 * base fee, intrinsic gas), anvil's -32003 ('Insufficient funds for gas * price + value', EIP-1474 'transaction
 * rejected'), a -32000 refusal and a revert (3). Anything else is thrown (the next node is asked).
 */
function refusal(e: unknown): EvmSimAnswer {
  const code = e instanceof ProviderError ? Number(e.opts.upstreamCode) : NaN;
  if ((code <= -38000 && code > -39000) || code === -32000 || code === -32003 || code === 3)
    return { available: true, status: 'failed', error: (e as Error).message.slice(0, 300) };
  throw e;
}

/** The most call frames read from a trace (a send has one; a contract call a handful). */
const TRACE_FRAMES_MAX = 256;

interface Frame {
  type: string;
  from: string;
  to?: string | undefined;
  value?: string | undefined;
  gasUsed: string;
  error?: string | undefined;
  revertReason?: string | undefined;
  logs?: { address: string; topics: string[]; data: string }[] | undefined;
  calls?: Frame[] | undefined;
}
const FrameSchema: z.ZodType<Frame> = z.lazy(() =>
  z
    .object({
      type: z.string().max(20),
      from: address,
      to: address.optional(),
      value: qty.optional(),
      gasUsed: qty,
      error: z.string().max(300).optional(),
      revertReason: z.string().max(300).optional(),
      logs: z
        .array(z.object({ address, topics: z.array(hex).max(4), data: hex.max(2 + 2 * 4096) }).passthrough())
        .max(SIM_LOGS_MAX)
        .optional(),
      calls: z.array(FrameSchema).max(TRACE_FRAMES_MAX).optional(),
    })
    .passthrough(),
);

/** Coin moves (frames that carry value) and ERC-20 Transfer logs of the frames that did not revert, in order. */
export function traceTransfers(top: Frame): SimTransfer[] {
  const out: SimTransfer[] = [];
  let frames = 0;
  const walk = (f: Frame) => {
    if (++frames > TRACE_FRAMES_MAX) throw new ProviderError('malformed', 'debug_traceCall: too many frames');
    if (f.error) return; // a reverted frame moved nothing
    const value = f.value ? BigInt(f.value) : 0n;
    // DELEGATECALL and STATICCALL carry no value of their own
    if (value > 0n && f.to && f.type !== 'DELEGATECALL' && f.type !== 'STATICCALL')
      out.push({ token: null, from: f.from.toLowerCase(), to: f.to.toLowerCase(), amount: value.toString() });
    out.push(...transfersOf(f.logs ?? []));
    for (const c of f.calls ?? []) walk(c);
  };
  walk(top);
  if (out.length > SIM_TRANSFERS_MAX)
    throw new ProviderError('malformed', `debug_traceCall: more than ${SIM_TRANSFERS_MAX} transfers`);
  return out;
}

/**
 * The fallback where eth_simulateV1 is missing: debug_traceCall with the call tracer (logs included) on the latest
 * block; the price per gas from the latest block's base fee. A node with neither answers `available: false`.
 */
async function traceCall(
  t: RpcTransport,
  req: EvmSimRequest,
  call: Record<string, string>,
  signal: AbortSignal,
): Promise<EvmSimAnswer> {
  const { input, ...rest } = call;
  let raw: unknown;
  try {
    raw = await t.call(
      'debug_traceCall',
      [
        { ...rest, ...(input ? { data: input } : {}) },
        'latest',
        { tracer: 'callTracer', tracerConfig: { withLog: true } },
      ],
      signal,
    );
  } catch (e) {
    if (e instanceof ProviderError && e.kind === 'unsupported') return { available: false };
    return refusal(e);
  }
  const top = validate(FrameSchema, raw, 'debug_traceCall');
  if (top.error)
    return { available: true, status: 'failed', error: (top.revertReason ?? top.error).slice(0, 300) };
  const gasUsed = BigInt(top.gasUsed);
  if (gasUsed > BigInt(req.gas))
    throw new ProviderError('malformed', 'debug_traceCall: more gas used than the limit');
  let price: bigint;
  if (req.gasPrice !== undefined) price = BigInt(req.gasPrice);
  else {
    const block = validate(
      z.object({ baseFeePerGas: qty }).passthrough(),
      await t.call('eth_getBlockByNumber', ['latest', false], signal),
      'latest block',
    );
    price = effectivePrice(BigInt(block.baseFeePerGas), req);
  }
  return {
    available: true,
    status: 'success',
    gasUsed: gasUsed.toString(),
    gasPrice: price.toString(),
    transfers: traceTransfers(top),
  };
}

/** What an EIP-1559 call pays per gas on a block of this base fee: base + tip, at most the fee cap. */
function effectivePrice(base: bigint, req: EvmSimRequest): bigint {
  const cap = BigInt(req.maxFeePerGas ?? '0');
  const tip = BigInt(req.maxPriorityFeePerGas ?? '0');
  return base + tip < cap ? base + tip : cap;
}

/** eth_simulateV1 of one call with traceTransfers and validation, on the latest block. */
export async function simulateV1(
  t: RpcTransport,
  req: EvmSimRequest,
  signal: AbortSignal,
): Promise<EvmSimAnswer> {
  const call = {
    from: req.from,
    to: req.to,
    value: toHex(req.value),
    ...(req.data !== '0x' ? { input: req.data } : {}),
    gas: toHex(req.gas),
    // No nonce: the node takes the account's own at the latest block. The built nonce counts pending transactions,
    // which geth's validation would refuse as 'nonce too high' while an earlier send waits in the mempool.
    ...(req.gasPrice !== undefined
      ? { gasPrice: toHex(req.gasPrice) }
      : {
          maxFeePerGas: toHex(req.maxFeePerGas ?? '0'),
          maxPriorityFeePerGas: toHex(req.maxPriorityFeePerGas ?? '0'),
        }),
  };
  let raw: unknown;
  try {
    raw = await t.call(
      'eth_simulateV1',
      [{ blockStateCalls: [{ calls: [call] }], traceTransfers: true, validation: true }, 'latest'],
      signal,
    );
  } catch (e) {
    // A node without eth_simulateV1: its call tracer, else no simulation.
    if (e instanceof ProviderError && e.kind === 'unsupported') return traceCall(t, req, call, signal);
    // geth's simulate errors (-38010 … -38026: nonce, funds, fee cap below the base fee, intrinsic gas), anvil's
    // -32003 ('Insufficient funds for gas * price + value', EIP-1474 'transaction rejected') and a -32000 refusal are
    // the chain refusing this call, said in its words.
    return refusal(e);
  }
  const [block] = validate(SimAnswer, raw, 'eth_simulateV1');
  const r = block!.calls[0]!;
  if (BigInt(r.status) !== 1n)
    return {
      available: true,
      status: 'failed',
      error: (r.error?.message ?? 'execution reverted').slice(0, 300),
    };
  const gasUsed = BigInt(r.gasUsed);
  if (gasUsed > BigInt(req.gas))
    throw new ProviderError('malformed', 'eth_simulateV1: more gas used than the limit');
  let price: bigint;
  if (req.gasPrice !== undefined) price = BigInt(req.gasPrice);
  else {
    if (!block!.baseFeePerGas) throw new ProviderError('malformed', 'eth_simulateV1: no base fee');
    price = effectivePrice(BigInt(block!.baseFeePerGas), req);
  }
  // Each amount is one 32-byte word (transfersOf): within uint256 by construction.
  const transfers = transfersOf(r.logs);
  return {
    available: true,
    status: 'success',
    gasUsed: gasUsed.toString(),
    gasPrice: price.toString(),
    transfers,
  };
}
