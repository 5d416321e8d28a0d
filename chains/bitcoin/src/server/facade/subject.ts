/** The bitcoin family's ids: addresses and account-level extended keys with their purpose (`?bip=`). */
import { z } from 'zod';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import { pageSize } from '@secux-companion/server-kit/params';
import type { UtxoSubject } from '../backend.js';
import { bipOfKey, isExtendedKey, type UtxoBip } from '../xpub.js';

const utxoAddress = z
  .string()
  .trim()
  .regex(/^(?:bitcoincash:|bchtest:)?[a-zA-Z0-9]{14,90}$/, { message: 'must be an address' });
export const bip = z
  .enum(['44', '49', '84', '86'], { message: 'must be 44, 49, 84 or 86' })
  .transform((v) => Number(v) as UtxoBip)
  .optional();
/** `?bip=&gap=&addresses=` of an account lookup. */
export const AccountQuery = z.object({
  bip,
  gap: pageSize,
  addresses: z.enum(['used', 'derived']).optional(),
});

/** An xpub (with its purpose: `bip`, else the key's prefix) or an address of a bitcoin-family chain. */
export function subjectOf(id: string, b: UtxoBip | undefined): UtxoSubject {
  if (isExtendedKey(id))
    return { kind: 'xpub', xpub: id, bip: b ?? bipOfKey(id), explicitBip: b !== undefined };
  if (/^[a-z]pub|^[A-Z][a-z]ub/.test(id) && id.length > 100)
    throw new HttpError(400, 'invalid extended public key');
  return { kind: 'address', address: parseInput(utxoAddress, id, 'address') };
}
