import type { LocalChain } from '@secux-companion/chain-common';
import { formatUnits } from 'viem';
import { DEFAULT_FIO_PORT, startFio, type FioInfo } from './start.js';

/** The FIO chain simulator (in-process; blocks every 500 ms). */
export const fioLocalChain: LocalChain<FioInfo, { port?: number }> = {
  key: 'fio',
  envSwitch: 'LOCALNET_FIO',
  async start(ctx, o) {
    const r = await startFio({
      mnemonic: ctx.mnemonic,
      host: ctx.host,
      port: await ctx.port(o?.port, 'LOCALNET_FIO_PORT', DEFAULT_FIO_PORT),
    });
    ctx.log(`FIO simulator at ${r.info.apiUrl} (${ctx.elapsed()} ms)`);
    return r;
  },
  summary: (f) => [
    `FIO  ${f.apiUrl}  FIO chain simulator (chain id ${f.chainId.slice(0, 12)}…, public domain '${f.publicDomain}')`,
    ...f.accounts.map(
      (a) =>
        `     ${a.path.padEnd(18)} ${a.publicKey}  ${formatUnits(BigInt(a.balanceSuf), 9)} FIO  handle ${a.handles.join(', ')}  domain ${a.domains.join(', ')}`,
    ),
    `     proxy ${f.proxy}  staking service ${f.stakingUrl}  test control at ${f.controlUrl} (clock, staking-service)`,
  ],
};

export const localChains = [fioLocalChain];
