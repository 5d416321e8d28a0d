/**
 * The address book (issue 32): recipients the user saved, with a label, per chain (the account list's scope: a
 * coin, or one EVM chain the user added). Kept in this browser only (never sent anywhere), exported and imported
 * as a JSON file. The send form offers them and the address-poisoning check reads them: a contact is a known
 * recipient, and an address that only looks like one is flagged.
 */
import { createStore, useStore } from '../state/store';
import { sameAddress } from '../send/addressPoisoning';
import { WALLET_STORAGE_KEYS } from '../state/walletStorage';

export interface Contact {
  /** The chain: the account list's scope ('BTC', 'ETH', 'EVM-31338' …). */
  scope: string;
  address: string;
  label: string;
}

/** Longest label kept (characters). */
export const CONTACT_LABEL_MAX = 40;
/** Most contacts kept; an import beyond it stops there. */
export const ADDRESS_BOOK_MAX = 1_000;
/** An address this long is no address of any chain the wallet serves. */
const ADDRESS_MAX = 128;
/** The export's format name and version. */
const FORMAT = 'secux-companion-address-book';
const VERSION = 1;

/** Control, zero-width and text-direction characters (a label is shown as text; these could disguise it). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A label as kept: control and direction characters removed, spaces trimmed, at most {@link CONTACT_LABEL_MAX}. */
export function cleanLabel(label: string): string {
  return [...label.replace(CONTROL, '').trim()].slice(0, CONTACT_LABEL_MAX).join('');
}

/** One stored or imported entry, checked; null when it is not a contact. */
function readContact(value: unknown): Contact | null {
  if (!value || typeof value !== 'object') return null;
  const { scope, address, label } = value as Record<string, unknown>;
  if (typeof scope !== 'string' || !/^[A-Za-z0-9-]{1,24}$/.test(scope)) return null;
  if (typeof address !== 'string' || !address.trim() || address.trim().length > ADDRESS_MAX) return null;
  if (/\s/.test(address.trim())) return null;
  if (typeof label !== 'string' || !cleanLabel(label)) return null;
  return { scope, address: address.trim(), label: cleanLabel(label) };
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function load(): Contact[] {
  try {
    const raw = storage()?.getItem(WALLET_STORAGE_KEYS.addressBook);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? list.flatMap((c) => readContact(c) ?? []).slice(0, ADDRESS_BOOK_MAX) : [];
  } catch {
    return [];
  }
}

export const addressBook = createStore({ contacts: load() });

function write(contacts: Contact[]) {
  addressBook.set({ contacts });
  try {
    storage()?.setItem(WALLET_STORAGE_KEYS.addressBook, JSON.stringify(contacts));
  } catch {
    // Storage full or blocked: the book lasts this page.
  }
}

const same = (c: Contact, scope: string, address: string) =>
  c.scope === scope && sameAddress(c.address, address);

/** The chain's contacts, by label. */
export function contactsOf(contacts: readonly Contact[], scope: string): Contact[] {
  return contacts.filter((c) => c.scope === scope).sort((a, b) => a.label.localeCompare(b.label));
}

/** The contact saved for this address on the chain. */
export function contactFor(
  contacts: readonly Contact[],
  scope: string,
  address: string,
): Contact | undefined {
  return address.trim() ? contacts.find((c) => same(c, scope, address)) : undefined;
}

/** Saves (or relabels) a contact; false when the label is empty or the book is full. */
export function saveContact(scope: string, address: string, label: string): boolean {
  const contact = readContact({ scope, address, label });
  const { contacts } = addressBook.get();
  if (!contact) return false;
  const others = contacts.filter((c) => !same(c, scope, contact.address));
  if (others.length >= ADDRESS_BOOK_MAX) return false;
  write([...others, contact]);
  return true;
}

export function removeContact(scope: string, address: string): void {
  write(addressBook.get().contacts.filter((c) => !same(c, scope, address)));
}

/** The whole book as a JSON file's text. */
export function exportBook(contacts: readonly Contact[] = addressBook.get().contacts): string {
  return `${JSON.stringify({ format: FORMAT, version: VERSION, contacts }, null, 2)}\n`;
}

/** Longest address book file imported (characters). */
export const ADDRESS_BOOK_FILE_MAX = 1_000_000;

/**
 * Reads an exported book and adds its contacts (an address already saved on that chain takes the imported label);
 * how many were added or updated, and how many entries were not contacts. Throws when the text is no export.
 */
export function importBook(text: string): { saved: number; skipped: number } {
  if (text.length > ADDRESS_BOOK_FILE_MAX) throw new Error('address book file too large');
  const data = JSON.parse(text) as { format?: unknown; version?: unknown; contacts?: unknown };
  if (data?.format !== FORMAT || data.version !== VERSION || !Array.isArray(data.contacts))
    throw new Error('not an address book export');
  let contacts = [...addressBook.get().contacts];
  let saved = 0;
  let skipped = 0;
  for (const entry of data.contacts) {
    const c = readContact(entry);
    const others = c ? contacts.filter((x) => !same(x, c.scope, c.address)) : contacts;
    if (!c || others.length >= ADDRESS_BOOK_MAX) {
      skipped++;
      continue;
    }
    contacts = [...others, c];
    saved++;
  }
  write(contacts);
  return { saved, skipped };
}

export function useContacts(): readonly Contact[] {
  return useStore(addressBook, (s) => s.contacts);
}

/** Tests: the book as stored now. */
export function reloadAddressBookForTests(): void {
  addressBook.set({ contacts: load() });
}
