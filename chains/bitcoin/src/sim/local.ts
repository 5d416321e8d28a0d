import path from 'node:path';
import type { LocalChain } from '@secux-companion/chain-common';
import { deriveLtcFundedAccounts } from '@secux-companion/sim-kit';
import { formatUnits } from 'viem';
import {
  DEFAULT_LTC_P2P_PORT,
  DEFAULT_LTC_RPC_PORT,
  INSTALL_HINT,
  findLitecoind,
  startLitecoin,
  type LtcInfo,
} from './litecoin.js';
import { DEFAULT_UTXO_PORT, startUtxo, type UtxoInfo } from './start.js';

export interface LtcLocalOptions {
  binary?: string;
  rpcPort?: number;
  p2pPort?: number;
  rpcUser?: string;
  rpcPassword?: string;
  fundAmount?: number;
  /** Fail the start when litecoind is installed but does not start, or is missing (default: warn, go on without it). */
  required?: boolean;
}

/** Litecoin regtest: Debian's litecoind, spawned first (its own process boots while the others start). */
export const litecoinLocalChain: LocalChain<LtcInfo, LtcLocalOptions> = {
  key: 'ltc',
  envSwitch: 'LOCALNET_LTC',
  async start(ctx, o = {}) {
    const binary = findLitecoind(o.binary ?? (ctx.env.LITECOIND?.trim() || 'litecoind'));
    if (!binary) {
      if (o.required)
        throw new Error(
          'litecoind not found: install it with `sudo apt-get install -y litecoind` (or set LITECOIND=/path/to/litecoind)',
        );
      ctx.log(INSTALL_HINT);
      return { info: null, stop: async () => undefined };
    }
    const rpcPort = await ctx.port(o.rpcPort, 'LOCALNET_LTC_RPC_PORT', DEFAULT_LTC_RPC_PORT);
    const p2pPort = await ctx.port(o.p2pPort, 'LOCALNET_LTC_P2P_PORT', DEFAULT_LTC_P2P_PORT);
    try {
      const r = await startLitecoin({
        binary,
        host: ctx.host,
        rpcPort,
        p2pPort,
        rpcUser: o.rpcUser ?? (ctx.env.LOCALNET_LTC_RPC_USER?.trim() || 'secux'),
        rpcPassword: o.rpcPassword ?? (ctx.env.LOCALNET_LTC_RPC_PASSWORD?.trim() || 'secux-localnet'),
        dataDir: path.join(ctx.dataDir, 'litecoind'),
        fund: deriveLtcFundedAccounts(ctx.mnemonic),
        fundAmount: o.fundAmount ?? ctx.intEnv('LOCALNET_LTC_FUND_AMOUNT') ?? 5,
        blockIntervalMs: ctx.blockIntervalMs,
        log: ctx.log,
      });
      ctx.log(`Litecoin regtest (${r.info.version}) at ${r.info.rpcUrl} (${ctx.elapsed()} ms)`);
      const child = r.child;
      return {
        info: r.info,
        stop: r.stop,
        kill: () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        },
      };
    } catch (e) {
      if (o.required) throw e;
      ctx.log(
        `Litecoin regtest failed to start, going on without it: ${e instanceof Error ? e.message : String(e)}`,
      );
      return { info: null, stop: async () => undefined };
    }
  },
  summary: (l) => [
    `LTC  ${l.rpcUrl}  regtest  rpc user ${l.rpcUser} / ${l.rpcPassword}  (${l.version}, p2p ${l.host}:${l.p2pPort})`,
    `     wallets: ${l.wallets.miner} (mining/funding), ${l.wallets.watch} (watch-only, ${l.rpcUrl}/wallet/${l.wallets.watch})`,
    `     litecoin-cli -datadir=${l.dataDir} getblockchaininfo`,
    ...l.funded.map((f) => `     ${f.path.padEnd(18)} ${f.address}  ${f.amount} LTC`),
  ],
};

/** The bitcoin-family chains without a node of their own (in-process; a block on every coin each block interval). */
export const utxoLocalChain: LocalChain<UtxoInfo, { port?: number }> = {
  key: 'utxo',
  envSwitch: 'LOCALNET_UTXO',
  async start(ctx, o) {
    return startUtxo({
      mnemonic: ctx.mnemonic,
      host: ctx.host,
      port: await ctx.port(o?.port, 'LOCALNET_UTXO_PORT', DEFAULT_UTXO_PORT),
      blockIntervalMs: ctx.blockIntervalMs,
      log: ctx.log,
    });
  },
  summary: (u) => [
    `UTXO ${u.url}  Blockbook v2 (and mempool fee API for BTC, TBTC) stand-ins, signatures checked${u.blockIntervalMs ? `, a block every ${u.blockIntervalMs / 1000} s` : ''}; test control at ${u.url}/<coin>/control/{mine,faucet,fees}`,
    ...Object.entries(u.coins).flatMap(([coin, c]) => [
      `${coin.padEnd(4)} ${c.blockbook}  (${c.network === 'main' ? 'mainnet' : 'testnet'} formats)`,
      ...c.funded.map(
        (f) => `     ${f.path.padEnd(18)} ${f.address}  ${formatUnits(BigInt(f.sats), 8)} ${coin}`,
      ),
    ]),
  ],
};

export const localChains = [litecoinLocalChain, utxoLocalChain];
