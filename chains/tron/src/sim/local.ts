import type { LocalChain } from '@secux-companion/chain-common';
import { formatUnits } from 'viem';
import { DEFAULT_TRON_PORT, startTron, type TronInfo } from './start.js';

/** The TRON simulator (in-process; a block every 3 s, or on the block interval when shorter). */
export const tronLocalChain: LocalChain<TronInfo, { port?: number }> = {
  key: 'tron',
  envSwitch: 'LOCALNET_TRON',
  async start(ctx, o) {
    const r = await startTron({
      mnemonic: ctx.mnemonic,
      host: ctx.host,
      port: await ctx.port(o?.port, 'LOCALNET_TRON_PORT', DEFAULT_TRON_PORT),
      blockIntervalMs: ctx.blockIntervalMs,
    });
    ctx.log(`TRON simulator at ${r.info.url} (${ctx.elapsed()} ms)`);
    return r;
  },
  summary: (x) => [
    `TRX  ${x.url}  TRON simulator (full-node /wallet/* and TronGrid /v1/*${x.blockIntervalMs ? `, a block every ${x.blockIntervalMs / 1000} s` : ''}; test control at ${x.controlUrl})`,
    ...x.accounts.map(
      (a) =>
        `     ${a.path.padEnd(18)} ${a.address}  ${formatUnits(BigInt(a.balanceSun), 6)} TRX, ${a.energy} energy, ${formatUnits(BigInt(a.trc20), x.trc20.decimals)} ${x.trc20.symbol}, ${a.trc10} ${x.trc10.abbr}`,
    ),
    `     TRC-20 ${x.trc20.symbol} ${x.trc20.address}  TRC-10 ${x.trc10.abbr} id ${x.trc10.id}`,
  ],
};

export const localChains = [tronLocalChain];
