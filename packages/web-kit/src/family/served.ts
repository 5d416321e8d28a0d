/**
 * Whether the server runs a coin on a local chain (GET /api/chains/:chain `source`). Then no public explorer knows its
 * transactions, so the family shows no explorer links.
 */
export async function servedLocally(chain: string): Promise<boolean> {
  const res = await fetch(`/api/chains/${chain}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/chains/${chain} answered ${res.status}`);
  const body = (await res.json()) as { source?: unknown };
  return body.source === 'local';
}
