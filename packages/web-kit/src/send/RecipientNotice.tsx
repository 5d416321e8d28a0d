/**
 * The address-poisoning defence on screen, for every family (issue 20): under the recipient field and again
 * in the review step, the recipient is checked against the selected account's own history (up to
 * {@link HISTORY_PAGES} pages, read through the family's adapter): a first-send notice, or a strong warning
 * when it looks like an address of the history (same first and last four characters, different middle).
 * The send form's recipient field starts reading the history when it opens ({@link useRecipientHistory}), so
 * the notice comes with the recipient the user enters, not later under a pointer aimed at the next field; while
 * the history is still being read the notice's place is held by a 'checking' status.
 */
import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Operation } from '@secux-companion/chain-common';
import { useTranslation } from 'react-i18next';
import { selectedAccount, useAccounts } from '../accounts/store';
import { checkRecipient, type RecipientCheck } from './addressPoisoning';
import { contactsOf, useContacts } from '../addressBook/book';
import { addressGroups } from './reviewRows';

/** History pages read for the check (the adapters page 10–20 operations each). */
export const HISTORY_PAGES = 5;

/** The selected account's recent history operations: `null` while unknown (loading, failed, no account). */
export interface RecipientHistory {
  operations: Operation[] | null;
  /** The history is being read (the notice's place shows 'checking'). */
  pending: boolean;
  own: string[];
}

/**
 * The selected account's recent history, one cached query per account (every check and both steps share it).
 * Called by the recipient field as soon as the send form opens, so the history is read once, before it is needed.
 */
export function useRecipientHistory(): RecipientHistory {
  const account = useAccounts((s) => selectedAccount(s));
  const family = useAccounts((s) => s.family);
  const chain = useAccounts((s) => s.chain);
  const enabled = !!account && !!family && !!chain;
  const q = useQuery({
    queryKey: ['recipient-history', account?.id ?? null],
    enabled,
    staleTime: 30_000,
    retry: 1,
    queryFn: async () => {
      if (!account || !family || !chain) return [];
      const descriptor = family.descriptor(chain, account);
      const ops: Operation[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < HISTORY_PAGES; i++) {
        const page = await chain.adapter.getHistory(descriptor, cursor);
        ops.push(...page.operations);
        if (!page.cursor) break;
        cursor = page.cursor;
      }
      return ops;
    },
  });
  return {
    operations: q.data ?? null,
    pending: enabled && q.isPending,
    own: account?.address ? [account.address] : [],
  };
}

/**
 * The check of `recipient` against the selected account's history and the chain's contacts. While the history is
 * unknown only a look-alike of a contact is said; otherwise 'none'.
 */
export function useRecipientCheck(recipient: string): RecipientCheck {
  const { operations, own } = useRecipientHistory();
  const scope = useAccounts((s) => s.scope);
  const all = useContacts();
  const contacts = scope ? contactsOf(all, scope) : [];
  const check = checkRecipient(recipient, operations ?? [], own, contacts);
  if (!operations && check.kind !== 'lookAlike') return { kind: 'none' };
  return check;
}

/** An address in groups of four characters (monospace), as the device screen shows it. */
export function GroupedAddress({ address, testId }: { address: string; testId?: string }) {
  return (
    <Text
      component="span"
      ff="monospace"
      data-testid={testId}
      data-address={address}
      style={{ wordSpacing: '0.25em' }}
    >
      {addressGroups(address).join(' ')}
    </Text>
  );
}

/** The notice or warning for a recipient; nothing for an address sent to before or while unknown. */
export function RecipientNotice({ recipient, where }: { recipient: string; where: 'details' | 'review' }) {
  const { t } = useTranslation();
  const { pending } = useRecipientHistory();
  const check = useRecipientCheck(recipient);
  if (pending)
    return (
      <Alert color="gray" role="status" data-testid="recipient-checking" data-where={where}>
        <Text size="sm">{t('safety.checking')}</Text>
      </Alert>
    );
  if (check.kind === 'lookAlike')
    return (
      <Alert
        color="red"
        variant="filled"
        role="alert"
        title={t('safety.lookAlikeTitle')}
        data-testid="recipient-look-alike"
        data-where={where}
      >
        <Text size="sm">{t(check.contact ? 'safety.lookAlikeContactText' : 'safety.lookAlikeText')}</Text>
        <Text size="sm" mt={4}>
          {check.contact
            ? t('safety.lookAlikeContact', { label: check.contact })
            : t('safety.lookAlikeSimilar')}{' '}
          <GroupedAddress address={check.similar} />
        </Text>
        <Text size="sm" mt={4}>
          {t('safety.lookAlikeRecipient')} <GroupedAddress address={recipient.trim()} />
        </Text>
      </Alert>
    );
  if (check.kind === 'firstSend')
    return (
      <Alert color="yellow" role="status" data-testid="recipient-first-send" data-where={where}>
        <Text size="sm">{t('safety.firstSend')}</Text>
      </Alert>
    );
  return null;
}
