/** The explorer's account operations: balance, nonce, gas estimate, broadcast (its `proxy` module). */
import { keccak256, type Hex } from 'viem';
import { z } from 'zod';
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import type { EvmCallRequest } from '@secux-companion/server-kit/types';
import type { Explorer } from './client.js';
import { hexQty, num } from './shapes.js';

export async function getBalance(ex: Explorer, address: string, signal: AbortSignal): Promise<string> {
  return validate(
    num,
    await ex.call({ module: 'account', action: 'balance', address, tag: 'latest' }, signal),
    'balance',
  );
}

export async function getNonce(ex: Explorer, address: string, signal: AbortSignal): Promise<string> {
  return BigInt(
    validate(hexQty, await ex.proxy('eth_getTransactionCount', { address, tag: 'pending' }, signal), 'nonce'),
  ).toString();
}

export async function getSentCount(ex: Explorer, address: string, signal: AbortSignal): Promise<number> {
  return Number(
    BigInt(
      validate(
        hexQty,
        await ex.proxy('eth_getTransactionCount', { address, tag: 'latest' }, signal),
        'nonce',
      ),
    ),
  );
}

export async function estimateGas(ex: Explorer, tx: EvmCallRequest, signal: AbortSignal): Promise<string> {
  const params: Record<string, string> = {};
  if (tx.from) params.from = tx.from;
  if (tx.to) params.to = tx.to;
  if (tx.value) params.value = `0x${BigInt(tx.value).toString(16)}`;
  if (tx.data && tx.data !== '0x') params.data = tx.data;
  return BigInt(validate(hexQty, await ex.proxy('eth_estimateGas', params, signal), 'gas')).toString();
}

export async function broadcast(ex: Explorer, raw: string, signal: AbortSignal): Promise<string> {
  try {
    return validate(
      z.string().regex(/^0x[0-9a-fA-F]{64}$/),
      await ex.proxy('eth_sendRawTransaction', { hex: raw }, signal),
      'tx hash',
    );
  } catch (e) {
    if (
      e instanceof ProviderError &&
      e.kind === 'rejected' &&
      /already known|known transaction/i.test(e.message)
    )
      return keccak256(raw as Hex);
    throw e;
  }
}
