import { describe, expect, it } from 'vitest';
import type { Counterparty, Operation } from '@secux-companion/chain-common';
import { checkRecipient, looksAlike, sameAddress, significantPart } from './addressPoisoning';

const cp = (address: string, isOwn = false): Counterparty => ({ address, value: 1n, isOwn });
type Op = Pick<Operation, 'recipients' | 'senders' | 'isOwnTransaction' | 'direction'>;
const sent = (to: string, from = OWN): Op => ({
  direction: 'out',
  isOwnTransaction: true,
  senders: [cp(from, true)],
  recipients: [cp(to)],
});
const received = (from: string, to = OWN): Op => ({
  direction: 'in',
  isOwnTransaction: false,
  senders: [cp(from)],
  recipients: [cp(to, true)],
});

const OWN = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const FRIEND = '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0';
/** Same first four (after 0x) and last four as FRIEND, different in between: the poisoner's dust sender. */
const POISON = '0x6FaC000000000000000000000000000000000bc9C0';
const POISON_40 = '0x6fac00000000000000000000000000000000B9c0';

describe('look-alike rule', () => {
  it('compares after the prefix every address shares', () => {
    expect(significantPart('0xabcdef')).toBe('abcdef');
    expect(significantPart('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe(
      'qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
    expect(significantPart('ltc1qxyz')).toBe('qxyz');
    expect(significantPart('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a')).toBe(
      'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
    );
    expect(significantPart('rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe')).toBe('rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe');
  });

  it('hex addresses compare case-insensitively (EVM checksums), others exactly', () => {
    expect(sameAddress(FRIEND, FRIEND.toLowerCase())).toBe(true);
    expect(sameAddress('rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', 'rpt1sjq2ygrbmtttx4gzhjku9dyfzbpaye')).toBe(
      false,
    );
  });

  it('same first and last four, different middle: look-alike; identical or differing ends: not', () => {
    expect(looksAlike(FRIEND, POISON_40)).toBe(true);
    expect(looksAlike(FRIEND, FRIEND.toLowerCase())).toBe(false);
    expect(looksAlike(FRIEND, OWN)).toBe(false);
    expect(
      looksAlike('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bc1qcr8tzzzzzzzzzzzzzzzzzzzzzzzzzzzzz06fyu'),
    ).toBe(true);
    // the shared 'bc1q' and the same last four alone are not enough
    expect(
      looksAlike('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bc1qzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz306fyu'),
    ).toBe(false);
    // base58 is case-sensitive: a different case at the ends is a different look
    expect(looksAlike('rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', 'rpT1zzzzzzzzzzzzzzzzzzzzzzzzzzzpAYe')).toBe(
      false,
    );
    expect(looksAlike('rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', 'rPT1zzzzzzzzzzzzzzzzzzzzzzzzzzzpAYe')).toBe(
      true,
    );
  });
});

describe('checkRecipient against the account history', () => {
  it('an address the account never sent to is a first send', () => {
    expect(checkRecipient(FRIEND, [])).toEqual({ kind: 'firstSend' });
    // having received from it is not having sent to it
    expect(checkRecipient(FRIEND, [received(FRIEND)], [OWN])).toEqual({ kind: 'firstSend' });
  });

  it('an address sent to before is known (whatever the hex case)', () => {
    expect(checkRecipient(FRIEND.toLowerCase(), [sent(FRIEND)], [OWN])).toEqual({ kind: 'known' });
  });

  it('a recipient imitating an address of the history raises the look-alike warning naming it', () => {
    const history = [sent(FRIEND), received(POISON)];
    expect(checkRecipient(POISON_40, history, [OWN])).toEqual({ kind: 'lookAlike', similar: FRIEND });
    // the poisoner's own dust: pasting the imitation of a received-from address warns too
    expect(checkRecipient(POISON_40, [received(FRIEND)], [OWN])).toEqual({
      kind: 'lookAlike',
      similar: FRIEND,
    });
  });

  it('blank recipients and the account’s own address give nothing', () => {
    expect(checkRecipient('  ', [sent(FRIEND)])).toEqual({ kind: 'none' });
    expect(checkRecipient(OWN, [sent(FRIEND)], [OWN])).toEqual({ kind: 'none' });
  });
});
