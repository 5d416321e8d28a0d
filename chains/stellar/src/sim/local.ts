import type { LocalChain } from '@secux-companion/chain-common';
import { formatUnits } from 'viem';
import { DEFAULT_STELLAR_PORT, startStellar, type StellarInfo } from './start.js';

/** The Stellar Horizon simulator (in-process; its ledgers close on the block interval). */
export const stellarLocalChain: LocalChain<StellarInfo, { port?: number }> = {
  key: 'stellar',
  envSwitch: 'LOCALNET_STELLAR',
  async start(ctx, o) {
    const r = await startStellar({
      mnemonic: ctx.mnemonic,
      host: ctx.host,
      port: await ctx.port(o?.port, 'LOCALNET_STELLAR_PORT', DEFAULT_STELLAR_PORT),
      closeIntervalMs: ctx.blockIntervalMs,
    });
    ctx.log(`Stellar Horizon simulator at ${r.info.horizonUrl} (${ctx.elapsed()} ms)`);
    return r;
  },
  summary: (x) => [
    `XLM  ${x.horizonUrl}  Stellar Horizon simulator ('${x.networkPassphrase}'${x.closeIntervalMs ? `, a ledger every ${x.closeIntervalMs / 1000} s` : ''})`,
    ...x.accounts.map(
      (a) =>
        `     ${a.path.padEnd(18)} ${a.address}  ${formatUnits(BigInt(a.balanceStroops), 7)} XLM${a.memoRequired ? '  (requires a memo, SEP-29)' : ''}`,
    ),
  ],
};

export const localChains = [stellarLocalChain];
