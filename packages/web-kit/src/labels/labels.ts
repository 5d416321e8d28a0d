/**
 * Wallet labels (issue 33), kept and exchanged in the BIP-329 format: one record per labelled transaction, address,
 * public key, input, output or extended public key, as JSON lines (`{"type":"tx","ref":"<txid>","label":"…"}`).
 * Kept in this browser only, under the wallet's storage prefix (Settings → Reset removes them), like the address book.
 * The history list labels transactions and the receive dialog labels addresses, on every chain; Settings exports
 * them all and imports a file from another wallet (records of other types are kept as they came).
 */
import { createStore, useStore } from '../state/store';
import { onWalletReset, WALLET_STORAGE_KEYS } from '../state/walletStorage';

/** The record types BIP-329 defines. */
export const LABEL_TYPES = ['tx', 'addr', 'pubkey', 'input', 'output', 'xpub'] as const;
export type LabelType = (typeof LABEL_TYPES)[number];

/** One BIP-329 record. */
export interface LabelRecord {
  type: LabelType;
  ref: string;
  label?: string;
  origin?: string;
  /** Only for `output` records. */
  spendable?: boolean;
}

/** Longest label kept (characters): BIP-329's suggested maximum; a longer imported label is cut and counted. */
export const LABEL_MAX = 255;
/** Longest reference: a transaction id with an index, an address, an xpub (111 characters) fit well within. */
export const REF_MAX = 256;
/** Longest key origin (an abbreviated output descriptor). */
export const ORIGIN_MAX = 256;
/** Most records kept; an import beyond it stops there. */
export const LABELS_MAX = 20_000;
/** Largest file imported (bytes of text). */
export const LABELS_FILE_MAX = 4_000_000;
/** Longest line read: a record with a full-length label, reference and origin fits many times over. */
export const LABEL_LINE_MAX = 8_192;

/** Control, zero-width and text-direction characters (a label is shown as text; these could disguise it). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A label as kept: control and direction characters removed, spaces trimmed, at most {@link LABEL_MAX}. */
export function cleanLabel(label: string): string {
  return [...label.replace(CONTROL, '').trim()].slice(0, LABEL_MAX).join('');
}

/** Hex addresses (EVM) and hashes compare without case; every other reference as written. */
function refKey(type: LabelType, ref: string): string {
  const r = /^(0x)?[0-9a-fA-F]+(:\d+)?$/.test(ref) ? ref.toLowerCase() : ref;
  return `${type}\u0000${r}`;
}

type Reason = 'malformed' | 'unknownType';

/**
 * One record from a parsed line: checked and cleaned; a reason when it is not one. `truncated` tells a label cut to
 * {@link LABEL_MAX}.
 */
export function readRecord(value: unknown): { record: LabelRecord; truncated: boolean } | { reason: Reason } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { reason: 'malformed' };
  const { type, ref, label, origin, spendable } = value as Record<string, unknown>;
  if (typeof type !== 'string') return { reason: 'malformed' };
  if (!(LABEL_TYPES as readonly string[]).includes(type)) return { reason: 'unknownType' };
  if (typeof ref !== 'string') return { reason: 'malformed' };
  const r = ref.trim();
  // eslint-disable-next-line no-control-regex
  if (!r || r.length > REF_MAX || /[\s\u0000-\u001f\u007f]/.test(r)) return { reason: 'malformed' };
  if ((type === 'input' || type === 'output') && !/^[0-9a-fA-F]{64}:\d{1,10}$/.test(r))
    return { reason: 'malformed' };
  if (label !== undefined && typeof label !== 'string') return { reason: 'malformed' };
  if (origin !== undefined && (typeof origin !== 'string' || origin.length > ORIGIN_MAX))
    return { reason: 'malformed' };
  if (spendable !== undefined && (typeof spendable !== 'boolean' || type !== 'output'))
    return { reason: 'malformed' };
  const record: LabelRecord = { type: type as LabelType, ref: r };
  let truncated = false;
  if (label !== undefined) {
    const stripped = label.replace(CONTROL, '').trim();
    record.label = cleanLabel(stripped);
    truncated = [...stripped].length > LABEL_MAX;
  }
  if (origin !== undefined && origin.trim()) record.origin = origin.trim().replace(CONTROL, '');
  if (spendable !== undefined) record.spendable = spendable;
  return { record, truncated };
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function load(): LabelRecord[] {
  try {
    const raw = storage()?.getItem(WALLET_STORAGE_KEYS.labels);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    if (!Array.isArray(list)) return [];
    return list
      .flatMap((v) => {
        const r = readRecord(v);
        return 'record' in r ? [r.record] : [];
      })
      .slice(0, LABELS_MAX);
  } catch {
    return [];
  }
}

export const labelStore = createStore({ records: load() });

onWalletReset(() => labelStore.set({ records: [] }));

function write(records: LabelRecord[]) {
  labelStore.set({ records });
  try {
    storage()?.setItem(WALLET_STORAGE_KEYS.labels, JSON.stringify(records));
  } catch {
    // Storage full or blocked: the labels last this page.
  }
}

/** The label of a record, if it has one. */
export function labelOf(records: readonly LabelRecord[], type: LabelType, ref: string): string | undefined {
  let index = indexes.get(records);
  if (!index) {
    index = new Map(records.map((r) => [refKey(r.type, r.ref), r] as const));
    indexes.set(records, index);
  }
  return index.get(refKey(type, ref.trim()))?.label || undefined;
}

/** The records by reference, per stored list (a list is replaced, never changed, so its index stays right). */
const indexes = new WeakMap<readonly LabelRecord[], Map<string, LabelRecord>>();

/**
 * Sets the label of a transaction or an address (or any record); an empty label removes it (a record with other
 * properties than its label keeps them). False when the store is full.
 */
export function setLabel(type: LabelType, ref: string, label: string): boolean {
  const text = cleanLabel(label);
  const key = refKey(type, ref.trim());
  const { records } = labelStore.get();
  const existing = records.find((r) => refKey(r.type, r.ref) === key);
  const others = records.filter((r) => r !== existing);
  if (!text) {
    const rest: LabelRecord | null = existing
      ? (({ label: _drop, ...keep }) => (keep.origin || keep.spendable !== undefined ? keep : null))(existing)
      : null;
    write(rest ? [...others, rest] : others);
    return true;
  }
  if (!existing && others.length >= LABELS_MAX) return false;
  write([...others, { ...(existing ?? { type, ref: ref.trim() }), label: text }]);
  return true;
}

/** Every record as BIP-329 JSON lines (one object per line, `\n` after each). */
export function exportLabels(records: readonly LabelRecord[] = labelStore.get().records): string {
  return records
    .map((r) => {
      const o: Record<string, unknown> = { type: r.type, ref: r.ref };
      if (r.label !== undefined) o.label = r.label;
      if (r.origin !== undefined) o.origin = r.origin;
      if (r.type === 'output' && r.spendable !== undefined) o.spendable = r.spendable;
      return `${JSON.stringify(o)}\n`;
    })
    .join('');
}

export interface LabelImport {
  /** Records added or updated. */
  saved: number;
  /** Lines that are not BIP-329 records (not JSON, not an object, a bad reference or property). */
  malformed: number;
  /** Records of a type BIP-329 does not define (ignored, as it says). */
  ignored: number;
  /** Labels cut to {@link LABEL_MAX} characters. */
  truncated: number;
  /** Records not kept because the store is full. */
  overflow: number;
}

/**
 * Parses BIP-329 JSON lines without storing them: the records, and what was refused. Throws when the text is too
 * large or has no record at all (no label file).
 */
export function parseLabels(
  text: string,
): { records: LabelRecord[] } & Omit<LabelImport, 'saved' | 'overflow'> {
  if (text.length > LABELS_FILE_MAX) throw new Error('labels file too large');
  const records: LabelRecord[] = [];
  let malformed = 0;
  let ignored = 0;
  let truncated = 0;
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.length > LABEL_LINE_MAX) {
      malformed++;
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      malformed++;
      continue;
    }
    const r = readRecord(value);
    if ('reason' in r) {
      if (r.reason === 'unknownType') ignored++;
      else malformed++;
      continue;
    }
    if (r.truncated) truncated++;
    records.push(r.record);
  }
  if (records.length === 0) throw new Error('no BIP-329 records');
  return { records, malformed, ignored, truncated };
}

/**
 * Imports BIP-329 JSON lines: each record sets its label (and origin, spendable) on the one kept for its reference;
 * an omitted label or spendable leaves the kept one as it was (BIP-329). Throws as {@link parseLabels}.
 */
export function importLabels(text: string): LabelImport {
  const parsed = parseLabels(text);
  const byKey = new Map(labelStore.get().records.map((r) => [refKey(r.type, r.ref), r] as const));
  let saved = 0;
  let overflow = 0;
  for (const rec of parsed.records) {
    const key = refKey(rec.type, rec.ref);
    const existing = byKey.get(key);
    if (!existing && byKey.size >= LABELS_MAX) {
      overflow++;
      continue;
    }
    const merged: LabelRecord = { ...(existing ?? { type: rec.type, ref: rec.ref }) };
    if (rec.label !== undefined) {
      if (rec.label) merged.label = rec.label;
      else delete merged.label;
    }
    if (rec.origin !== undefined) merged.origin = rec.origin;
    if (rec.spendable !== undefined) merged.spendable = rec.spendable;
    byKey.set(key, merged);
    saved++;
  }
  write([...byKey.values()]);
  return {
    saved,
    malformed: parsed.malformed,
    ignored: parsed.ignored,
    truncated: parsed.truncated,
    overflow,
  };
}

export function useLabels(): readonly LabelRecord[] {
  return useStore(labelStore, (s) => s.records);
}

/** The label of one record, kept current. */
export function useLabel(type: LabelType, ref: string): string | undefined {
  return useStore(labelStore, (s) => labelOf(s.records, type, ref));
}

/** Tests: the labels as stored now. */
export function reloadLabelsForTests(): void {
  labelStore.set({ records: load() });
}
