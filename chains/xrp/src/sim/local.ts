import type { LocalChain } from '@secux-companion/chain-common';
import { formatUnits } from 'viem';
import { DEFAULT_XRPL_PORT, startXrpl, type XrplInfo } from './start.js';

/** The XRP Ledger simulator (in-process; its ledgers close on the block interval). */
export const xrplLocalChain: LocalChain<XrplInfo, { port?: number }> = {
  key: 'xrpl',
  envSwitch: 'LOCALNET_XRPL',
  async start(ctx, o) {
    const r = await startXrpl({
      mnemonic: ctx.mnemonic,
      host: ctx.host,
      port: await ctx.port(o?.port, 'LOCALNET_XRPL_PORT', DEFAULT_XRPL_PORT),
      closeIntervalMs: ctx.blockIntervalMs,
    });
    ctx.log(`XRP Ledger simulator at ${r.info.rpcUrl} (${ctx.elapsed()} ms)`);
    return r;
  },
  summary: (x) => [
    `XRP  ${x.rpcUrl}  XRP Ledger simulator (rippled JSON-RPC${x.closeIntervalMs ? `, a ledger every ${x.closeIntervalMs / 1000} s` : ''}; test control at ${x.controlUrl})`,
    ...x.accounts.map(
      (a) =>
        `     ${a.path.padEnd(18)} ${a.address}  ${formatUnits(BigInt(a.balanceDrops), 6)} XRP${a.requireDestinationTag ? '  (requires a destination tag)' : ''}`,
    ),
  ],
};

export const localChains = [xrplLocalChain];
