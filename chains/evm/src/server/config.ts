/**
 * Which providers serve which EVM chain, from the server's own configuration (never from a client):
 *
 * - local profile: ETH → the localnet EVM node (JSON-RPC + block-scan history), from DATA_DIR/localnet/endpoints.json
 *   (`evm`) or LOCAL_EVM_RPC / LOCAL_EVM_CHAIN_ID; TETH, BSC, TBSC, XDC and HME → their own localnet nodes
 *   (`evmCoins.<SYMBOL>`), served the same way; CHAIN_<SYMBOL>_RPC replaces a chain's local node;
 * - mainnet profile: public RPCs per chain; history, token discovery and NFTs from Blockscout's keyless ETH instance
 *   (eth.blockscout.com) and, when ETHERSCAN_API_KEY is set, Etherscan V2 first (ETH, TETH, XDC; BSC and TBSC only
 *   with ETHERSCAN_PAID_PLAN: the free plan does not serve chain ids 56/97); each replaceable with CHAIN_<SYMBOL>_*.
 *   A chain without any of them is served without history (404 `not_configured` naming the settings, facade.ts);
 * - CHAIN_REGISTRY_FILE (default: the shipped snapshot): a chainid.network chains.json whose public https RPCs (no
 *   templates, no loopback/private hosts) serve generic EVM chains as `EVM-<chainId>`.
 *
 * The pieces live in ./config/: defaults (shipped hosts), env (settings, localnet nodes), chain (one chain's
 * providers and facade) and registryChains (EVM-<chainId>).
 */
import { CHAINS } from '@secux-companion/core';
import { perChainRaw } from '@secux-companion/server-kit/env';
import type { FamilyContext, ServedChain } from '@secux-companion/server-kit/facade';
import type { EvmFacade } from './facade.js';
import { evmChain } from './config/chain.js';
import { EVM_SYMBOLS, MAINNET_RPC } from './config/defaults.js';
import { EvmPerChainEnv, globalEnv, localNodes } from './config/env.js';
import { withExtraRpcs } from './config/extraRpcs.js';

export {
  BSC_ALL_FAILED_PREFIX,
  BSC_DATASEED_NODES,
  BSC_TIMEOUT_MS,
  ETHERSCAN_PAID_ONLY_CHAIN_IDS,
  EVM_SYMBOLS,
  MAINNET_BLOCKBOOK_EVM,
  MAINNET_BLOCKSCOUT,
} from './config/defaults.js';
export { EvmGlobalEnv, EvmPerChainEnv } from './config/env.js';
export { DEAD_RPC_HOSTS, evmResolver, registryRpcs } from './config/registryChains.js';
export { withExtraRpcs } from './config/extraRpcs.js';

/** Every configured EVM chain, in EVM_SYMBOLS order. */
export function evmChains(ctx: FamilyContext): ServedChain<EvmFacade>[] {
  const g = globalEnv(ctx.env);
  const nodes = ctx.local ? localNodes(g, ctx.localnet) : {};
  const keys = Object.keys(EvmPerChainEnv.shape);
  return EVM_SYMBOLS.flatMap((sym) => {
    const pc = EvmPerChainEnv.parse(perChainRaw(ctx.env, sym, keys));
    const rpcs = pc.RPC?.includes('none') ? [] : pc.RPC;
    const node = nodes[sym];
    if (node && !rpcs)
      return (
        evmChain(ctx, g, sym, pc.CHAIN_ID ?? node.chainId, [node.rpcUrl], pc, {
          scan: true,
          name: 'localnet-evm',
          source: 'local',
          local: node.contracts?.erc20 ? { erc20: node.contracts.erc20 } : {},
        }) ?? []
      );
    const chainId = pc.CHAIN_ID ?? CHAINS[sym].chainId;
    if (chainId === undefined) return [];
    const urls = withExtraRpcs(ctx, rpcs ?? (ctx.local ? [] : (MAINNET_RPC[sym] ?? [])), sym, chainId);
    return evmChain(ctx, g, sym, chainId, urls, pc, { explorerDefault: !ctx.local, source: 'config' }) ?? [];
  });
}
