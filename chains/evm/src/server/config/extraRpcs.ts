/** The remote config's extra RPCs of an EVM chain (issue 31 item 12). */
import type { FamilyContext } from '@secux-companion/server-kit/facade';

/**
 * The remote config's extra RPCs of a chain (spec 01 §9 "extra RPCs"; keys: its symbol or its chain id), appended to
 * its own and tried after them: http(s) URLs only (the JSON-RPC provider's), each once. The local profile's chains
 * take none (an extra mainnet node would answer for another chain).
 */
export function withExtraRpcs(
  ctx: FamilyContext,
  urls: readonly string[],
  sym: string,
  chainId: number,
): string[] {
  if (ctx.local) return [...urls];
  const extra = [...(ctx.extraRpcs?.[sym] ?? []), ...(ctx.extraRpcs?.[String(chainId)] ?? [])];
  const out = [...urls];
  for (const u of extra) if (/^https?:\/\/\S+$/i.test(u) && !out.includes(u)) out.push(u);
  return out;
}
