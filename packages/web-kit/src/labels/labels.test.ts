/**
 * BIP-329 labels (issue 33): kept per wallet in this browser, exported as JSON lines exactly as BIP-329 writes them,
 * imported back unchanged, and a file's malformed lines refused (sizes, types, lengths).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { WALLET_STORAGE_KEYS, resetWalletData } from '../state/walletStorage';
import {
  LABEL_MAX,
  LABELS_FILE_MAX,
  exportLabels,
  importLabels,
  labelOf,
  labelStore,
  parseLabels,
  reloadLabelsForTests,
  setLabel,
} from './labels';

const TX = 'f91d0a8a78462bc59398f2c5d7a84fcff491c26ba54c4833478b202796c8aafd';
/** BIP-329's test vectors. */
const VECTORS = [
  `{ "type": "tx", "ref": "${TX}", "label": "Transaction", "origin": "wpkh([d34db33f/84'/0'/0'])" }`,
  '{ "type": "addr", "ref": "bc1q34aq5drpuwy3wgl9lhup9892qp6svr8ldzyy7c", "label": "Address" }',
  '{ "type": "pubkey", "ref": "0283409659355b6d1cc3c32decd5d561abaac86c37a353b52895a5e6c196d6f448", "label": "Public Key" }',
  `{ "type": "input", "ref": "${TX}:0", "label": "Input" }`,
  `{ "type": "output", "ref": "${TX}:1", "label": "Output", "spendable": false }`,
  '{ "type": "xpub", "ref": "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8", "label": "Extended Public Key" }',
  '{ "type": "tx", "ref": "f546156d9044844e02b181026a1a407abfca62e7ea1159f87bbeaa77b4286c74", "label": "Account #1 Transaction", "origin": "wpkh([d34db33f/84\'/0\'/1\'])" }',
].join('\n');

beforeEach(() => {
  localStorage.clear();
  reloadLabelsForTests();
});

describe('BIP-329 round trip', () => {
  it('imports every type of the test vectors and exports them as the same records, one JSON object a line', () => {
    const result = importLabels(VECTORS);
    expect(result).toEqual({ saved: 7, malformed: 0, ignored: 0, truncated: 0, overflow: 0 });
    const out = exportLabels();
    expect(out.endsWith('\n')).toBe(true);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(7);
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual(
      VECTORS.split('\n').map((l) => JSON.parse(l) as unknown),
    );
    // and back again: nothing changes
    localStorage.clear();
    reloadLabelsForTests();
    importLabels(out);
    expect(exportLabels()).toBe(out);
  });

  it('labels set in the wallet are kept in storage under the wallet prefix and exported', () => {
    setLabel('tx', TX, '  Rent  ');
    setLabel('addr', '0xAbCdEf0000000000000000000000000000000001', 'Savings');
    expect(localStorage.getItem(WALLET_STORAGE_KEYS.labels)).toContain('Rent');
    reloadLabelsForTests();
    const { records } = labelStore.get();
    expect(labelOf(records, 'tx', TX)).toBe('Rent');
    // an EVM address is the same address in any case
    expect(labelOf(records, 'addr', '0xabcdef0000000000000000000000000000000001')).toBe('Savings');
    expect(exportLabels()).toBe(
      `{"type":"tx","ref":"${TX}","label":"Rent"}\n{"type":"addr","ref":"0xAbCdEf0000000000000000000000000000000001","label":"Savings"}\n`,
    );
  });

  it('an empty label removes the record; Reset forgets every label', () => {
    setLabel('tx', TX, 'Rent');
    setLabel('tx', TX, ' ');
    expect(labelStore.get().records).toEqual([]);
    setLabel('tx', TX, 'Rent');
    resetWalletData();
    expect(labelStore.get().records).toEqual([]);
    expect(localStorage.getItem(WALLET_STORAGE_KEYS.labels)).toBeNull();
  });

  it('an imported record without a label or spendable leaves the kept ones as they were (BIP-329)', () => {
    importLabels(`{"type":"output","ref":"${TX}:1","label":"Cold","spendable":false}`);
    importLabels(`{"type":"output","ref":"${TX}:1"}\n{"type":"output","ref":"${TX}:1","spendable":true}`);
    expect(labelStore.get().records).toEqual([
      { type: 'output', ref: `${TX}:1`, label: 'Cold', spendable: true },
    ]);
  });
});

describe('import refuses what is not BIP-329', () => {
  it('counts malformed lines and keeps the good ones', () => {
    const text = [
      `{"type":"tx","ref":"${TX}","label":"ok"}`,
      'not json',
      '["type","tx"]',
      '{"ref":"abc","label":"no type"}',
      '{"type":"tx","label":"no ref"}',
      '{"type":"tx","ref":"","label":"empty ref"}',
      '{"type":"tx","ref":"a b","label":"space in ref"}',
      `{"type":"tx","ref":"${'a'.repeat(300)}","label":"ref too long"}`,
      '{"type":"tx","ref":"abc","label":42}',
      '{"type":"addr","ref":"abc","label":"x","spendable":true}',
      '{"type":"output","ref":"abc:1","label":"not txid:vout"}',
      `{"type":"output","ref":"${TX}:1","spendable":"false"}`,
      `{"type":"tx","ref":"${TX}x","origin":${JSON.stringify('o'.repeat(300))}}`,
      '{"type":"spscan","ref":"sp1qq","label":"a type BIP-329 does not define here"}',
    ].join('\r\n');
    expect(importLabels(text)).toEqual({ saved: 1, malformed: 12, ignored: 1, truncated: 0, overflow: 0 });
    expect(labelStore.get().records).toEqual([{ type: 'tx', ref: TX, label: 'ok' }]);
  });

  it('a label longer than 255 characters is cut and counted; control and direction characters removed', () => {
    const long = 'é'.repeat(LABEL_MAX + 10);
    const r = importLabels(
      `{"type":"tx","ref":"${TX}","label":"${long}"}\n{"type":"addr","ref":"bc1qx","label":"a\\u202eb\\u0000c"}`,
    );
    expect(r.truncated).toBe(1);
    const { records } = labelStore.get();
    expect([...labelOf(records, 'tx', TX)!]).toHaveLength(LABEL_MAX);
    expect(labelOf(records, 'addr', 'bc1qx')).toBe('abc');
  });

  it('a file without one record, or too large, is refused whole and changes nothing', () => {
    setLabel('tx', TX, 'kept');
    expect(() => importLabels('hello\nworld')).toThrow();
    expect(() => importLabels('')).toThrow();
    expect(() =>
      importLabels(`{"type":"tx","ref":"${TX}","label":"x"}\n`.padEnd(LABELS_FILE_MAX + 1, ' ')),
    ).toThrow(/too large/);
    expect(labelStore.get().records).toEqual([{ type: 'tx', ref: TX, label: 'kept' }]);
  });

  it('parses a file that starts with a byte-order mark', () => {
    expect(parseLabels(`\uFEFF{"type":"tx","ref":"${TX}","label":"x"}\n`).records).toHaveLength(1);
  });
});
