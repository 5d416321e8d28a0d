/** The Solana facade's mint read: program, decimals, Token-2022 extensions and the transfer fee in force. */
import { programNameOf } from '@secux-companion/chain-solana';
import { ChainApiError } from '@secux-companion/server-kit/failover';
import { decimals, height, tokenAmount } from '../bounds.js';
import { metadataAddress } from '../metaplex.js';
import { extensionsOf, isObj, type SolanaContext } from './context.js';
import { mintName } from './names.js';

export interface SolanaMintAnswer {
  mint: string;
  program: 'spl-token' | 'spl-token-2022';
  decimals: number;
  extensions: string[];
  transferFee: { basisPoints: number; maximumFee: string } | null;
  nonTransferable: boolean;
  symbol: string | null;
  name: string | null;
  /** The name is the token's own (Metaplex or Token-2022 metadata), not the server's token list. */
  unverified: boolean;
}

/** The transfer fee in force at `epoch` (the newer one from its epoch on), bounded. */
function transferFeeOf(
  exts: ReturnType<typeof extensionsOf>,
  epoch: number,
): SolanaMintAnswer['transferFee'] {
  const feeExt = exts.find((e) => e.extension === 'transferFeeConfig');
  if (!feeExt) return null;
  const newer = isObj(feeExt.state.newerTransferFee) ? feeExt.state.newerTransferFee : null;
  const older = isObj(feeExt.state.olderTransferFee) ? feeExt.state.olderTransferFee : null;
  const inForce = newer && typeof newer.epoch === 'number' && epoch >= newer.epoch ? newer : (older ?? newer);
  if (!inForce) return null;
  const bps = inForce.transferFeeBasisPoints;
  const max = String(inForce.maximumFee);
  if (typeof bps !== 'number' || !Number.isInteger(bps) || bps < 0 || bps > 10_000)
    throw new ChainApiError(502, 'malformed', 'out of bounds: transfer fee basis points');
  tokenAmount(max, 'maximum fee');
  return { basisPoints: bps, maximumFee: max };
}

export async function mint(ctx: SolanaContext, id: string): Promise<SolanaMintAnswer & { provider: string }> {
  const mint = ctx.address(id, 'mint');
  const listed = ctx.meta(mint);
  const pda = listed ? null : await metadataAddress(mint);
  const [r, epoch] = await Promise.all([
    ctx.run(
      'mint',
      // The mint and, when the list does not name it, its Metaplex metadata account, from the same node.
      async (p, s) => {
        const [a, md] = await Promise.all([
          p.getAccountInfo(mint, s),
          pda ? p.getAccountInfo(pda, s) : Promise.resolve(null),
        ]);
        return { a, md };
      },
      ({ a }) => {
        if (a?.parsed?.type !== 'mint') return;
        decimals(a.parsed.info.decimals);
        // The transfer fees' caps are u64 (u64::MAX: no cap), JSON numbers read losslessly: bounded inside the
        // node's call, so a cap out of bounds is that node's malformed answer (after the failover it was a 500).
        const fee = extensionsOf(a.parsed.info).find((e) => e.extension === 'transferFeeConfig');
        for (const f of [fee?.state.newerTransferFee, fee?.state.olderTransferFee])
          if (isObj(f)) tokenAmount(String(f.maximumFee), 'maximum fee');
      },
    ),
    ctx.run(
      'epoch',
      (p, s) => p.getEpoch(s),
      (e) => height(e, 'epoch'),
    ),
  ]);
  const a = r.value.a;
  const program = a ? programNameOf(a.owner) : null;
  if (!a || !program || a.parsed?.type !== 'mint')
    throw new ChainApiError(404, 'not_found', 'Token not found', { chain: ctx.chain });
  const info = a.parsed.info;
  const exts = extensionsOf(info);
  const transferFee = transferFeeOf(exts, epoch.value);
  const { meta, unverified } = mintName(listed, a, r.value.md, mint);
  return {
    mint,
    program,
    decimals: info.decimals as number,
    extensions: exts.map((e) => e.extension).slice(0, 32),
    transferFee,
    nonTransferable: exts.some((e) => e.extension === 'nonTransferable'),
    symbol: meta?.symbol ?? null,
    name: meta?.name ?? null,
    unverified,
    provider: r.provider,
  };
}
