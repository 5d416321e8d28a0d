import type { LocalChain } from '@secux-companion/chain-common';
import { formatUnits } from 'viem';
import { DEFAULT_SOLANA_PORTS, startSolana, type SolanaInfo } from './start.js';

/** Solana: LiteSVM in-process behind two JSON-RPC ports. */
export const solanaLocalChain: LocalChain<SolanaInfo, { port?: number; slotMs?: number }> = {
  key: 'solana',
  envSwitch: 'LOCALNET_SOLANA',
  async start(ctx, o) {
    const first = await ctx.port(o?.port, 'LOCALNET_SOLANA_PORT', DEFAULT_SOLANA_PORTS[0]);
    // The second node listens on the next port, or on a free one of its own when the first was picked free.
    const second =
      (o?.port ?? ctx.intEnv('LOCALNET_SOLANA_PORT')) !== undefined || first === DEFAULT_SOLANA_PORTS[0]
        ? first + 1
        : await ctx.port(0, '', 0);
    const r = await startSolana({
      mnemonic: ctx.mnemonic,
      host: ctx.host,
      ports: [first, second],
      slotMs: o?.slotMs ?? ctx.intEnv('LOCALNET_SOLANA_SLOT_MS') ?? 400,
    });
    ctx.log(`Solana (LiteSVM) at ${r.info.rpcUrls.join(', ')} (${ctx.elapsed()} ms)`);
    return r;
  },
  summary: (x) => [
    `SOL  ${x.rpcUrls.join(', ')}  Solana JSON-RPC on LiteSVM (a slot every ${x.slotMs} ms, blockhashes live 150 slots; test control at ${x.controlUrl})`,
    ...x.accounts.map(
      (a) => `     ${a.path.padEnd(18)} ${a.address}  ${formatUnits(BigInt(a.lamports), 9)} SOL`,
    ),
    ...x.tokens.map(
      (t) =>
        `     ${t.symbol.padEnd(6)} ${t.mint}  ${t.program}${t.transferFee ? ` (transfer fee ${t.transferFee.basisPoints / 100} %)` : ''}, ${formatUnits(BigInt(t.amount), t.decimals)} held by account 0`,
    ),
  ],
};

export const localChains = [solanaLocalChain];
