/**
 * Address-poisoning defence (issue 20), one rule for every chain: attackers send dust from an address whose
 * first and last characters match one the victim uses, hoping the victim copies it from the history. Before
 * a send the recipient is compared with the account's own history:
 * - `lookAlike`: an address in the history matches the recipient on its first and last four characters but
 *   differs in between → a strong warning naming the address it imitates;
 * - `firstSend`: the account has never sent to this address → a notice to check it;
 * - `known`: the account has sent to exactly this address before.
 * Characters are compared after a prefix every address of the chain shares ('0x', 'bc1', 'ltc1', 'tb1',
 * 'bitcoincash:' …), since four characters of a shared prefix compare nothing.
 */
import type { Operation } from '@secux-companion/chain-common';

export type RecipientCheck =
  | { kind: 'none' }
  | { kind: 'known' }
  | { kind: 'firstSend' }
  /** `contact`: the similar address is the user's contact of that label (not an address of the history). */
  | { kind: 'lookAlike'; similar: string; contact?: string };

/** A saved recipient (the address book) as the check reads it. */
export interface KnownContact {
  address: string;
  label: string;
}

/** Characters compared at each end. */
export const LOOK_ALIKE_CHARS = 4;

const SHARED_PREFIX = /^(?:0x|[a-z]+:|(?:bc|tb|bcrt|ltc|tltc|rltc)1)/i;
const HEX = /^(?:0x)?[0-9a-f]+$/i;

/** The part of an address that differs between addresses (shared prefix removed). */
export function significantPart(address: string): string {
  return address.trim().replace(SHARED_PREFIX, '');
}

/** Same address: hex addresses (EVM checksum case) compare case-insensitively, others exactly. */
export function sameAddress(a: string, b: string): boolean {
  const x = a.trim();
  const y = b.trim();
  if (x === y) return true;
  return HEX.test(x) && HEX.test(y) && x.toLowerCase() === y.toLowerCase();
}

function norm(part: string, hex: boolean): string {
  return hex ? part.toLowerCase() : part;
}

/** `a` and `b` are different addresses with the same first and last four significant characters. */
export function looksAlike(a: string, b: string): boolean {
  if (sameAddress(a, b)) return false;
  const hex = HEX.test(a.trim()) && HEX.test(b.trim());
  const x = norm(significantPart(a), hex);
  const y = norm(significantPart(b), hex);
  if (x.length < LOOK_ALIKE_CHARS * 2 + 1 || y.length < LOOK_ALIKE_CHARS * 2 + 1) return false;
  return (
    x.slice(0, LOOK_ALIKE_CHARS) === y.slice(0, LOOK_ALIKE_CHARS) &&
    x.slice(-LOOK_ALIKE_CHARS) === y.slice(-LOOK_ALIKE_CHARS)
  );
}

/** What the history says about the account's addresses: where it sent to, and every address it dealt with. */
export function historyAddresses(
  operations: readonly Pick<Operation, 'recipients' | 'senders' | 'isOwnTransaction' | 'direction'>[],
) {
  const sentTo: string[] = [];
  const seen: string[] = [];
  for (const op of operations) {
    for (const c of op.recipients) {
      if (c.isOwn || !c.address) continue;
      seen.push(c.address);
      if (op.isOwnTransaction || op.direction === 'out') sentTo.push(c.address);
    }
    for (const c of op.senders) if (!c.isOwn && c.address) seen.push(c.address);
  }
  return { sentTo, seen };
}

/**
 * The check of one recipient against the account's history operations and the user's contacts on the chain.
 * `own` are the account's own addresses (never a look-alike of themselves). A blank recipient gives `none`; a
 * contact is known; an address that looks like a contact is flagged, naming the contact.
 */
export function checkRecipient(
  recipient: string,
  operations: readonly Pick<Operation, 'recipients' | 'senders' | 'isOwnTransaction' | 'direction'>[],
  own: readonly string[] = [],
  contacts: readonly KnownContact[] = [],
): RecipientCheck {
  const r = recipient.trim();
  if (!r) return { kind: 'none' };
  if (own.some((a) => sameAddress(a, r))) return { kind: 'none' };
  const lookalike = (a: string) => looksAlike(a, r) && !own.some((o) => sameAddress(o, a));
  const contact = contacts.find((c) => lookalike(c.address));
  if (contact) return { kind: 'lookAlike', similar: contact.address, contact: contact.label };
  const { sentTo, seen } = historyAddresses(operations);
  const similar = seen.find(lookalike);
  // A look-alike wins even over an earlier send to this very address: poisoned addresses get used twice.
  if (similar) return { kind: 'lookAlike', similar };
  if (sentTo.some((a) => sameAddress(a, r)) || contacts.some((c) => sameAddress(c.address, r)))
    return { kind: 'known' };
  return { kind: 'firstSend' };
}
