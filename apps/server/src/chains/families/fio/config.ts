/**
 * Which FIO API nodes serve FIO and TFIO, from the server's own configuration (spec 03 §7: separate mainnet and
 * testnet hosts, 20 s timeout):
 *
 * - mainnet profile: FIO → fio.blockpane.com then fio.eossweden.org; TFIO → fiotestnet.blockpane.com then
 *   test.fio.eosusa.io, with failover. CHAIN_FIO_NODES / CHAIN_TFIO_NODES replace them (comma-separated base URLs,
 *   `none` for no such chain);
 * - local profile: the localnet FIO simulator from DATA_DIR/localnet/endpoints.json (`fio.apiUrl`) or
 *   LOCAL_FIO_API_URL, for both symbols; none when neither is there.
 * CHAIN_<SYM>_TIMEOUT_MS overrides the 20 s.
 */
import { z } from 'zod';
import { chainTimeout, clean, httpUrl, none, perChainRaw, urlList } from '../../env.js';
import type { ChainSource, FamilyContext, ServedChain } from '../../facade.js';
import { FioFacade } from './facade.js';
import { createFioNode } from './providers/fioNode.js';

export const FIO_SYMBOLS = ['FIO', 'TFIO'] as const;
export const FIO_TIMEOUT_MS = 20_000;
export const MAINNET_NODES: Record<(typeof FIO_SYMBOLS)[number], readonly string[]> = {
  FIO: ['https://fio.blockpane.com', 'https://fio.eossweden.org'],
  TFIO: ['https://fiotestnet.blockpane.com', 'https://test.fio.eosusa.io'],
};

export const FioGlobalEnv = z.object({
  LOCAL_FIO_API_URL: z.string().trim().refine(httpUrl, { message: 'must be an http(s) URL' }).optional(),
});
export const FioPerChainEnv = z.object({ NODES: urlList.optional(), TIMEOUT_MS: chainTimeout });

const LocalnetFile = z.object({ fio: z.object({ apiUrl: z.string().refine(httpUrl) }) });

export function fioChains(ctx: FamilyContext): ServedChain<FioFacade>[] {
  const g = FioGlobalEnv.parse(clean(ctx.env, Object.keys(FioGlobalEnv.shape)));
  const out: ServedChain<FioFacade>[] = [];
  for (const chain of FIO_SYMBOLS) {
    const pc = FioPerChainEnv.parse(perChainRaw(ctx.env, chain, Object.keys(FioPerChainEnv.shape)));
    if (none(pc.NODES)) continue;
    let source: ChainSource = 'config';
    let urls: readonly string[] | undefined = pc.NODES;
    if (!urls && ctx.local) {
      const file = LocalnetFile.safeParse(ctx.localnet);
      const local = g.LOCAL_FIO_API_URL ?? (file.success ? file.data.fio.apiUrl : undefined);
      urls = local ? [local] : [];
      source = 'local';
    }
    urls ??= MAINNET_NODES[chain];
    if (!urls.length) continue;
    const timeoutMs = pc.TIMEOUT_MS ?? FIO_TIMEOUT_MS;
    const providers = urls.map((url, i) =>
      createFioNode({ name: `fio-node#${i + 1}`, url, fetch: ctx.fetch, timeoutMs }),
    );
    const facade = new FioFacade({
      chain,
      providers,
      policy: ctx.policy,
      ...(ctx.log ? { log: ctx.log } : {}),
    });
    out.push({ facade, summary: { chain, providers: providers.map((p) => p.name), source } });
  }
  return out;
}
