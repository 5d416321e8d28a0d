import type { LocalChain, SimContext } from '@secux-companion/chain-common';
import { deriveEthAccounts } from '@secux-companion/sim-kit';
import { formatUnits } from 'viem';
import {
  DEFAULT_EVM_COIN_PORTS,
  EVM_COINS,
  EVM_COIN_UNITS,
  parseEvmCoins,
  startEvmCoins,
  type EvmCoin,
} from './coins.js';
import { compileContracts, type Artifact } from './compile.js';
import {
  DEFAULT_CHAIN_ID,
  DEFAULT_SIDE_CHAIN_ID,
  DEFAULT_SIDE_EVM_PORT,
  APPROVALS_OWNER_INDEX,
  LUSD_SUPPLY,
  startEvm,
  type EvmInfo,
  type SideEvmInfo,
} from './node.js';

export interface EvmLocalOptions {
  port?: number;
  chainId?: number;
  accounts?: number;
  balanceEth?: number;
}
export interface SideEvmLocalOptions {
  port?: number;
  chainId?: number;
}
export interface EvmCoinsLocalOptions {
  coins?: readonly EvmCoin[];
  ports?: Partial<Record<EvmCoin, number>>;
}

export const DEFAULT_EVM_PORT = 8545;

/** The funded accounts and balance every EVM chain of one start shares (the main chain's options). */
function funding(ctx: SimContext) {
  const o = (ctx.option('evm') || {}) as EvmLocalOptions;
  return {
    accounts: o.accounts ?? ctx.intEnv('LOCALNET_EVM_ACCOUNTS') ?? 5,
    balanceEth: o.balanceEth ?? ctx.intEnv('LOCALNET_EVM_BALANCE_ETH') ?? 100,
  };
}

/** The contracts, compiled (or read from the cache) once per start; the anvils spawn meanwhile. */
function artifacts(ctx: SimContext): Promise<Record<string, Artifact>> {
  return ctx.shared('evm.artifacts', () => {
    const p = (async () => {
      await new Promise((r) => setImmediate(r)); // let the node spawns go first
      const compiled = compileContracts(ctx.cacheDir);
      ctx.log(
        `contracts ${compiled.fromCache ? 'loaded from cache' : `compiled with solc ${compiled.compilerVersion}`} (${compiled.ms} ms)`,
      );
      return compiled.artifacts;
    })();
    p.catch(() => undefined); // awaited by each chain; its failure is theirs
    return p;
  });
}

/** The main EVM chain (anvil, chain 31337) with the ERC-20/721/1155 contracts. */
export const evmLocalChain: LocalChain<EvmInfo, EvmLocalOptions> = {
  key: 'evm',
  async start(ctx, o = {}) {
    const f = funding(ctx);
    const r = await startEvm({
      host: ctx.host,
      port: await ctx.port(o.port, 'LOCALNET_EVM_PORT', DEFAULT_EVM_PORT),
      chainId: o.chainId ?? ctx.intEnv('LOCALNET_CHAIN_ID') ?? DEFAULT_CHAIN_ID,
      accounts: deriveEthAccounts(ctx.mnemonic, f.accounts),
      balanceEth: f.balanceEth,
      blockIntervalMs: ctx.blockIntervalMs,
      artifacts: artifacts(ctx),
      log: ctx.log,
    });
    ctx.log(`EVM chain ${r.info.chainId} at ${r.info.rpcUrl} (${ctx.elapsed()} ms)`);
    return r;
  },
  summary: (e) => [
    `EVM  ${e.rpcUrl}  chain id ${e.chainId}  (blocks on every tx${e.blockIntervalMs ? ` and every ${e.blockIntervalMs / 1000} s` : ''})`,
    ...e.accounts.map(
      (a) => `     ${a.path.padEnd(18)} ${a.address}  ${formatUnits(BigInt(a.balanceWei), 18)} ETH`,
    ),
    `     ERC-20   Local USD (LUSD, 6 dec)  ${e.contracts.erc20}  ${formatUnits(LUSD_SUPPLY, 6)} to account 0`,
    `     ERC-721  Local Punks (LPUNK)      ${e.contracts.erc721}  ids 1, 2 to account 0`,
    `     ERC-1155 Local Items (LITEM)      ${e.contracts.erc1155}  id 1 x10, id 2 x1 to account 0`,
    `     Approvals: account ${APPROVALS_OWNER_INDEX} approves LUSD (unlimited and 250), LPUNK and LITEM operators (Approvals tab)`,
  ],
};

/**
 * The side chain (chain 31338: the same funded accounts, no contracts), which the server offers as an addable custom
 * EVM chain: adding the main chain itself would share chain id 31337 with the native ETH coin's device entries.
 */
export const sideEvmLocalChain: LocalChain<SideEvmInfo, SideEvmLocalOptions> = {
  key: 'sideEvm',
  async start(ctx, o = {}) {
    const f = funding(ctx);
    const r = await startEvm({
      contracts: false,
      host: ctx.host,
      port: await ctx.port(o.port, 'LOCALNET_SIDE_EVM_PORT', DEFAULT_SIDE_EVM_PORT),
      chainId: o.chainId ?? ctx.intEnv('LOCALNET_SIDE_CHAIN_ID') ?? DEFAULT_SIDE_CHAIN_ID,
      accounts: deriveEthAccounts(ctx.mnemonic, f.accounts),
      balanceEth: f.balanceEth,
      blockIntervalMs: ctx.blockIntervalMs,
      log: ctx.log,
    });
    ctx.log(`EVM side chain ${r.info.chainId} at ${r.info.rpcUrl} (${ctx.elapsed()} ms)`);
    return r;
  },
  summary: (s) => [
    `EVM side chain  ${s.rpcUrl}  chain id ${s.chainId}  (same funded accounts, no contracts; the wallet offers it as an addable custom EVM chain)`,
  ],
};

/** The other EVM coins' chains (one anvil each on its real chain id, the same contracts and funded accounts). */
export const evmCoinsLocalChain: LocalChain<Partial<Record<EvmCoin, EvmInfo>>, EvmCoinsLocalOptions> = {
  key: 'evmCoins',
  async start(ctx, o) {
    const list =
      o?.coins ??
      (ctx.env.LOCALNET_EVM_COINS?.trim() ? parseEvmCoins(ctx.env.LOCALNET_EVM_COINS) : EVM_COINS);
    if (!list.length) return { info: {}, stop: async () => undefined };
    const ports = { ...DEFAULT_EVM_COIN_PORTS };
    for (const coin of list)
      ports[coin] = await ctx.port(o?.ports?.[coin], `LOCALNET_${coin}_PORT`, DEFAULT_EVM_COIN_PORTS[coin]);
    const f = funding(ctx);
    const r = await startEvmCoins({
      coins: list,
      host: ctx.host,
      ports,
      mnemonic: ctx.mnemonic,
      accounts: f.accounts,
      balanceEth: f.balanceEth,
      blockIntervalMs: ctx.blockIntervalMs,
      artifacts: artifacts(ctx),
      log: ctx.log,
    });
    ctx.log(
      `EVM coins ${Object.entries(r.info)
        .map(([coin, i]) => `${coin} (chain ${i.chainId}) at ${i.rpcUrl}`)
        .join(', ')} (${ctx.elapsed()} ms)`,
    );
    return r;
  },
  summary: (coins) =>
    EVM_COINS.flatMap((coin) => {
      const c = coins[coin];
      if (!c) return [];
      return [
        `${coin.padEnd(4)} ${c.rpcUrl}  chain id ${c.chainId}  (LUSD, LPUNK, LITEM at the EVM chain's addresses, held by account 0)`,
        ...c.accounts.map(
          (a) =>
            `     ${a.path.padEnd(18)} ${a.address}  ${formatUnits(BigInt(a.balanceWei), 18)} ${EVM_COIN_UNITS[coin]}`,
        ),
      ];
    }),
};

export const localChains = [evmLocalChain, sideEvmLocalChain, evmCoinsLocalChain];
