/**
 * The lowest fee rate the network relays now (GET /chains/:chain/min-relay-fee): a node RPC's getmempoolinfo when one
 * is configured, else (or when every node fails) the mempool service's minimumFee (spec 02 §5 network-fee check; the
 * public providers have no node RPC).
 */
import { z } from 'zod';
import { ChainApiError, failover, ProviderError } from '@secux-companion/server-kit/failover';
import { MAX_FEE_RATE } from '../bounds.js';
import type { UtxoContext } from './context.js';

/** The network's relay minimum (GET /chains/:chain/min-relay-fee). */
export interface MinRelayFee {
  chain: string;
  /** sat/vB. */
  rate: number;
  unit: 'sat/vB';
  /** A node RPC's getmempoolinfo, or the mempool service's minimumFee. */
  source: 'node' | 'mempool';
  provider: string;
}

/** A node's fee rate (coin per 1000 vB) → sat/vB, rounded up. */
const perKvb = z
  .number()
  .nonnegative()
  .max(1)
  .transform((v) => Math.ceil(Math.round(v * 1e8) / 1000));
/** getmempoolinfo: the node relays nothing below the higher of its mempool's and its relay minimum. */
const MempoolInfo = z.object({ mempoolminfee: perKvb, minrelaytxfee: perKvb });

const checkRate = (r: number) => {
  if (!Number.isFinite(r) || r <= 0 || r > MAX_FEE_RATE)
    throw new ProviderError('malformed', `relay minimum ${r}`);
};

async function fromMempool(c: UtxoContext): Promise<MinRelayFee> {
  const r = await failover(
    c.cfg.chain,
    'relay minimum',
    c.mempoolOf('minRelayFee'),
    (p, s) => p.minRelayFee(s),
    c.opts(checkRate),
  );
  return { chain: c.cfg.chain, unit: 'sat/vB', rate: r.value, source: 'mempool', provider: r.provider };
}

async function fromNode(c: UtxoContext): Promise<MinRelayFee> {
  const r = await c.run(
    'rpc',
    'getmempoolinfo',
    async (p, s) => {
      const info = MempoolInfo.safeParse(await p.rpc('getmempoolinfo', [], s));
      if (!info.success) throw new ProviderError('malformed', 'getmempoolinfo: not fee rates');
      return Math.max(info.data.mempoolminfee, info.data.minrelaytxfee);
    },
    checkRate,
  );
  return { chain: c.cfg.chain, unit: 'sat/vB', rate: r.value, source: 'node', provider: r.provider };
}

export async function minRelayFee(c: UtxoContext): Promise<MinRelayFee> {
  if (!c.hasNode) return fromMempool(c);
  try {
    return await fromNode(c);
  } catch (e) {
    if (e instanceof ChainApiError && c.mempoolOf('minRelayFee').length) return fromMempool(c);
    throw e;
  }
}
