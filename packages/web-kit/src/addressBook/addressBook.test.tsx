/**
 * The address book (issue 32): contacts kept per chain in this browser, exported and imported; the send form
 * offers them beside the recipient and saves a new one; the address-poisoning check knows them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Operation } from '@secux-companion/chain-common';
import { useState } from 'react';
import { renderUi, setupUiTests } from '../test/ui';
import { axeInEveryLanguage } from '../test/axe';
import { accountsStore } from '../accounts/store';
import type { AnyFamily, FamilyChain, WalletAccount } from '../family/types';
import { RecipientField } from '../send/RecipientField';
import { checkRecipient } from '../send/addressPoisoning';
import { WALLET_STORAGE_KEYS } from '../state/walletStorage';
import {
  addressBook,
  cleanLabel,
  contactFor,
  contactsOf,
  exportBook,
  importBook,
  reloadAddressBookForTests,
  removeContact,
  saveContact,
} from './book';
import { AddressBookPanel } from './AddressBookPanel';

setupUiTests();

const OWN = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const ALICE = '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0';
const ALICE_LOOK_ALIKE = '0x6fac00000000000000000000000000000000B9c0';
const BOB = '0x1111111111111111111111111111111111111111';

beforeEach(() => {
  localStorage.clear();
  reloadAddressBookForTests();
});
afterEach(() =>
  accountsStore.set({ scope: null, accounts: [], selectedId: null, family: null, chain: null }),
);

describe('the book', () => {
  it('keeps contacts per chain in local storage, relabels by address, removes', () => {
    expect(saveContact('ETH', ALICE, '  Alice\u202e ')).toBe(true);
    expect(saveContact('BSC', ALICE, 'Alice on BSC')).toBe(true);
    expect(saveContact('ETH', ALICE.toLowerCase(), 'Alice (new)')).toBe(true);
    expect(contactsOf(addressBook.get().contacts, 'ETH')).toEqual([
      { scope: 'ETH', address: ALICE.toLowerCase(), label: 'Alice (new)' },
    ]);
    reloadAddressBookForTests();
    expect(addressBook.get().contacts).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem(WALLET_STORAGE_KEYS.addressBook)!)).toHaveLength(2);
    removeContact('ETH', ALICE);
    expect(contactFor(addressBook.get().contacts, 'ETH', ALICE)).toBeUndefined();
    expect(contactFor(addressBook.get().contacts, 'BSC', ALICE)?.label).toBe('Alice on BSC');
  });

  it('refuses an empty label and cleans control and direction characters', () => {
    expect(saveContact('ETH', ALICE, ' \u200b ')).toBe(false);
    expect(cleanLabel('Bob\u0007\u202eevil')).toBe('Bobevil');
    expect([...cleanLabel('x'.repeat(100))]).toHaveLength(40);
  });

  it('exports and imports the book; entries that are not contacts are skipped; other files are refused', () => {
    saveContact('ETH', ALICE, 'Alice');
    saveContact('BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'Bob');
    const file = exportBook();
    localStorage.clear();
    reloadAddressBookForTests();
    const data = JSON.parse(file) as { contacts: unknown[] };
    data.contacts.push(
      { scope: 'ETH', address: 'has spaces in it', label: 'x' },
      { scope: 'ETH', label: 'no address' },
    );
    expect(importBook(JSON.stringify(data))).toEqual({ saved: 2, skipped: 2 });
    expect(
      addressBook
        .get()
        .contacts.map((c) => c.label)
        .sort(),
    ).toEqual(['Alice', 'Bob']);
    expect(() => importBook('{"contacts": []}')).toThrow();
    expect(() => importBook('not json')).toThrow();
  });
});

describe('the address-poisoning check reads the book', () => {
  it('a contact is known; an address that only looks like a contact is flagged with its label', () => {
    const contacts = [{ address: ALICE, label: 'Alice' }];
    expect(checkRecipient(ALICE, [], [OWN], contacts)).toEqual({ kind: 'known' });
    expect(checkRecipient(ALICE_LOOK_ALIKE, [], [OWN], contacts)).toEqual({
      kind: 'lookAlike',
      similar: ALICE,
      contact: 'Alice',
    });
    expect(checkRecipient(BOB, [], [OWN], contacts)).toEqual({ kind: 'firstSend' });
  });
});

function onEth(operations: Operation[] = []) {
  const account = { id: 'ETH:m/44', address: OWN, name: 'A' } as WalletAccount;
  const chain = {
    adapter: { getHistory: async () => ({ operations, cursor: null }) },
  } as unknown as FamilyChain;
  const family = { descriptor: () => ({}) } as unknown as AnyFamily;
  accountsStore.set({ scope: 'ETH', accounts: [account], selectedId: account.id, family, chain });
}

function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <RecipientField value={value} onChange={setValue} resolvedFrom={null} resolving={false} />;
}

describe('the send form', () => {
  it('saves a new recipient as a contact, then offers it from the Contacts menu', async () => {
    onEth();
    renderUi(<Field initial={BOB} />);
    fireEvent.click(await screen.findByTestId('contact-save-open'));
    fireEvent.change(screen.getByTestId('contact-label'), { target: { value: 'Bob' } });
    fireEvent.click(screen.getByTestId('contact-save'));
    expect(await screen.findByText('Contact: Bob')).toBeTruthy();
    expect(contactFor(addressBook.get().contacts, 'ETH', BOB)?.label).toBe('Bob');
    // A known contact: no first-send notice.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('recipient-first-send')).toBeNull();
  });

  it('fills the recipient from the Contacts menu', async () => {
    onEth();
    saveContact('ETH', ALICE, 'Alice');
    saveContact('BSC', BOB, 'Bob on BSC');
    renderUi(<Field initial="" />);
    fireEvent.click(screen.getByTestId('send-contacts'));
    const items = await screen.findAllByTestId('send-contact');
    expect(items.map((i) => i.dataset.address)).toEqual([ALICE]);
    fireEvent.click(items[0]!);
    await waitFor(() => expect(screen.getByTestId('send-recipient')).toHaveProperty('value', ALICE));
    expect(screen.getByText('Contact: Alice')).toBeTruthy();
  });

  it('flags an address that only looks like a contact, naming the contact', async () => {
    onEth();
    saveContact('ETH', ALICE, 'Alice');
    renderUi(<Field initial={ALICE_LOOK_ALIKE} />);
    const alert = await screen.findByTestId('recipient-look-alike');
    expect(alert.textContent).toContain('Your contact “Alice”:');
    expect(alert.textContent).toContain('address book');
  });
});

describe('Settings → Address book', () => {
  it('lists the contacts and removes one', async () => {
    saveContact('ETH', ALICE, 'Alice');
    saveContact('BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'Bob');
    renderUi(<AddressBookPanel />);
    expect(screen.getAllByTestId('address-book-row')).toHaveLength(2);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Remove Alice' })));
    expect(screen.getAllByTestId('address-book-row')).toHaveLength(1);
  });

  it('axe finds nothing on the panel in every language', async () => {
    saveContact('ETH', ALICE, 'Alice');
    expect(await axeInEveryLanguage([['address-book', <AddressBookPanel key="p" />]])).toEqual([]);
  }, 60_000);
});
