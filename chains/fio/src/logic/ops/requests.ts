/** Sent and received funds requests of every account, each decrypted with the shared secret of its two parties. */
import type { AccountDescriptor } from '@secux-companion/chain-common';
import type { FioRequestRecord } from '../backend';
import { decryptContent, type FioRequest, type FioRequestContent, type FioSecretSource } from '../requests';
import { isValidFioPublicKey } from '../rules';
import { keyOf, secretWith, type FioContext } from './context';

/** One request for the account it was read for; content null when it does not decrypt. */
async function requestOf(
  account: AccountDescriptor,
  type: 'sent' | 'received',
  r: FioRequestRecord,
  secretFor: (otherKey: string) => Promise<string>,
): Promise<FioRequest> {
  const otherKey = type === 'sent' ? r.payerKey : r.payeeKey;
  let content: FioRequestContent | null = null;
  if (isValidFioPublicKey(otherKey)) {
    const secret = await secretFor(otherKey);
    try {
      content = decryptContent('new_funds_content', r.content, secret);
    } catch {
      content = null;
    }
  }
  return { ...r, type, content, accountKey: keyOf(account), accountPath: account.path };
}

export async function listRequests(
  ctx: FioContext,
  accounts: readonly AccountDescriptor[],
  secrets: FioSecretSource,
): Promise<FioRequest[]> {
  const fio = accounts.filter((a) => a.chain === ctx.chain && a.address);
  let lists: { account: AccountDescriptor; type: 'sent' | 'received'; list: FioRequestRecord[] }[];
  try {
    lists = await Promise.all(
      fio.flatMap((account) =>
        (['sent', 'received'] as const).map(async (type) => ({
          account,
          type,
          list: await ctx.backend.requests(keyOf(account), type),
        })),
      ),
    );
  } catch {
    return [];
  }
  const out: FioRequest[] = [];
  // One device call per account and other party: the device is asked in turn, never twice for the same pair.
  const cache = new Map<string, Promise<string>>();
  for (const { account, type, list } of lists) {
    const secretFor = (otherKey: string) => {
      const id = `${account.path} ${otherKey}`;
      let p = cache.get(id);
      if (!p) {
        p = secretWith(ctx, secrets, account, otherKey);
        cache.set(id, p);
      }
      return p;
    };
    for (const r of list) out.push(await requestOf(account, type, r, secretFor));
  }
  return out.sort(
    (a, b) =>
      Date.parse(b.timeStamp) - Date.parse(a.timeStamp) ||
      b.id - a.id ||
      a.type.localeCompare(b.type) ||
      a.accountKey.localeCompare(b.accountKey),
  );
}
