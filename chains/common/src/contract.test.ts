/**
 * The contract fits an account-based family the spec describes next: a minimal XRP-like fake (destination tag,
 * reserve, activation, drops) implements ChainAdapter with no cast, and a read-only BNB-like one refuses to send.
 * If a later change to ChainAdapter stops an account-based family from fitting, this file stops compiling.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CHAINS, accountBasePath, defaultAccountName, type ChainSymbol } from '@secux-companion/core';
import {
  ReadOnlyChainError,
  explorerLinks,
  type AccountDescriptor,
  type BuiltTransaction,
  type ChainAdapter,
  type DiscoveredAccount,
  type Operation,
  type SendDraftBase,
} from './index';

interface XrpLedgerAccount {
  balance: bigint;
  sequence: number;
  ownerCount: number;
  txs: Operation[];
}

interface XrpPayment {
  Account: string;
  Destination: string;
  Amount: bigint;
  Fee: bigint;
  Sequence: number;
  DestinationTag?: number;
  LastLedgerSequence: number;
}

interface XrpFamily {
  keySource: { getAddress(path: string): Promise<string> };
  draft: SendDraftBase;
  unsigned: XrpPayment;
  signRequest: { path: string; tx: XrpPayment };
  signer: { signXrp(path: string, tx: XrpPayment): Promise<{ blob: string; hash: string }> };
  signature: { blob: string; hash: string };
}

const BASE_RESERVE = 10_000_000n; // drops
const OWNER_RESERVE = 2_000_000n;

function fakeXrp(ledger: Map<string, XrpLedgerAccount>, broadcasts: string[] = []): ChainAdapter<XrpFamily> {
  const chain: ChainSymbol = 'XRP';
  const info = CHAINS[chain];
  const addressOf = (a: AccountDescriptor) => a.address ?? '';
  const summaryOf = (acc: XrpLedgerAccount | undefined) => ({
    balance: acc?.balance ?? 0n,
    pending: 0n,
    txCount: acc?.txs.length ?? 0,
    sequence: BigInt(acc?.sequence ?? 0),
    activated: !!acc && (acc.balance > 0n || acc.txs.length > 0),
  });
  return {
    chain,
    family: 'xrp',
    asset: { symbol: 'XRP', decimals: 6 },
    capabilities: { readOnly: false, memo: { label: 'Tag', types: ['tag'] }, tokens: false, nfts: false, speedUp: false, multipleAddresses: false, staking: false },
    explorer: explorerLinks(chain),
    async discoverAccounts(device, options = {}) {
      const saved = new Map((await device.getAccounts(info.coinType)).map((e) => [e.path, e.name]));
      const found: DiscoveredAccount[] = [];
      for (let index = 0; ; index++) {
        options.onProgress?.({ bip: 44, index, found: found.length });
        const path = accountBasePath(44, info.coinType, index);
        const address = await device.getAddress(`${path}/0/0`);
        const summary = summaryOf(ledger.get(address));
        if (summary.activated || index === 0 || saved.has(path))
          found.push({ descriptor: { chain, index, bip: 44, path, address }, summary, name: saved.get(path) ?? defaultAccountName(chain, index), onDevice: saved.has(path) });
        if (!summary.activated) break;
      }
      return found;
    },
    async getAccountSummary(account) {
      return summaryOf(ledger.get(addressOf(account)));
    },
    async getAccountState(account) {
      const acc = ledger.get(addressOf(account));
      const s = summaryOf(acc);
      const reserve = BASE_RESERVE + OWNER_RESERVE * BigInt(acc?.ownerCount ?? 0);
      return { ...s, reserve, available: s.balance > reserve ? s.balance - reserve : 0n };
    },
    async getReceiveAddress(account) {
      return { address: addressOf(account), path: `${account.path}/0/0`, instructionKey: 'receive.tagHint' };
    },
    async getHistory(account, cursor = null) {
      const txs = ledger.get(addressOf(account))?.txs ?? [];
      const start = cursor ? Number(cursor) : 0;
      return { operations: txs.slice(start, start + 20), cursor: start + 20 < txs.length ? String(start + 20) : null };
    },
    async getFees() {
      return { tiers: { high: 12, medium: 12, low: 12 }, unit: 'drops', basis: 'perTransaction', hidden: info.hiddenFee };
    },
    async build(account, draft) {
      const acc = ledger.get(addressOf(account));
      const tx: XrpPayment = {
        Account: addressOf(account),
        Destination: draft.recipient,
        Amount: draft.amount,
        Fee: 12n,
        Sequence: acc?.sequence ?? 0,
        LastLedgerSequence: 1000 + 75,
        ...(draft.memo?.type === 'tag' ? { DestinationTag: draft.memo.value } : {}),
      };
      return {
        unsigned: tx,
        signRequest: { path: `${account.path}/0/0`, tx },
        review: { recipient: tx.Destination, amount: tx.Amount, fee: tx.Fee, total: tx.Amount + tx.Fee, ...(draft.memo ? { memo: draft.memo } : {}) },
      };
    },
    reviewRows(built) {
      const coin = { decimals: 6, symbol: 'XRP' };
      return [
        { labelKey: 'send.recipient', value: { type: 'address', value: built.review.recipient } },
        ...(built.unsigned.DestinationTag !== undefined
          ? [{ labelKey: 'send.tag', value: { type: 'text' as const, value: String(built.unsigned.DestinationTag) } }]
          : []),
        { labelKey: 'send.amountLabel', value: { type: 'amount', value: built.review.amount, ...coin } },
        { labelKey: 'send.networkFee', value: { type: 'amount', value: built.review.fee, ...coin } },
      ];
    },
    async sign(signer, built) {
      return signer.signXrp(built.signRequest.path, built.signRequest.tx);
    },
    finalize(_built, signature) {
      return { hash: signature.hash, raw: signature.blob };
    },
    async broadcast(tx) {
      broadcasts.push(tx.raw);
      return tx.hash;
    },
    validateAddress(address) {
      return address === '' ? 'empty' : /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(address) ? 'ok' : 'invalid';
    },
    async checkRecipient(address) {
      return ledger.has(address) ? { activated: true } : { activated: false, minimumActivation: BASE_RESERVE };
    },
  };
}

const ME = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY';
const YOU = 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh';
const received: Operation = {
  hash: 'F1',
  time: 1_700_000_000_000,
  blockHeight: 90_000_000,
  direction: 'in',
  value: 25_000_000n,
  fee: 12n,
  senders: [{ address: YOU, value: 25_000_000n, isOwn: false }],
  recipients: [{ address: ME, value: 25_000_000n, isOwn: true }],
  isOwnTransaction: false,
  rbf: false,
  destinationTag: 7,
};

describe('ChainAdapter contract: an XRP-like account-based family', () => {
  const ledger = new Map([[ME, { balance: 25_000_000n, sequence: 5, ownerCount: 1, txs: [received] }]]);
  const broadcasts: string[] = [];
  const xrp = fakeXrp(ledger, broadcasts);

  it('implements the contract without a cast', () => {
    expectTypeOf(xrp).toMatchTypeOf<ChainAdapter>();
    expectTypeOf<Parameters<typeof xrp.build>[1]>().toEqualTypeOf<SendDraftBase>();
  });

  it('discovers from the device table and the probing rule, with progress', async () => {
    const progress: number[] = [];
    const found = await xrp.discoverAccounts(
      { getAddress: async (p) => (p.includes("/0'/") ? ME : YOU), getAccounts: async () => [] },
      { onProgress: (p) => progress.push(p.index) },
    );
    // Index 1 was probed (index 0 is active) but is not activated: left out.
    expect(found.map((f) => [f.descriptor.address, f.name, f.summary.activated])).toEqual([[ME, 'XRP 1', true]]);
    expect(progress).toEqual([0, 1]);
  });

  it('states the reserve, activation and sequence; history keeps the destination tag', async () => {
    const account = { chain: 'XRP' as const, index: 0, bip: 44 as const, path: "m/44'/144'/0'", address: ME };
    expect(await xrp.getAccountState(account)).toMatchObject({ balance: 25_000_000n, reserve: 12_000_000n, available: 13_000_000n, sequence: 5n, activated: true });
    expect((await xrp.getHistory(account)).operations[0]!.destinationTag).toBe(7);
    await expect(xrp.checkRecipient!(YOU)).resolves.toEqual({ activated: false, minimumActivation: 10_000_000n });
  });

  it('builds a payment with its tag, shows it in the review rows, signs, finalizes and broadcasts', async () => {
    const account = { chain: 'XRP' as const, index: 0, bip: 44 as const, path: "m/44'/144'/0'", address: ME };
    const built: BuiltTransaction<XrpPayment, { path: string; tx: XrpPayment }> = await xrp.build(account, {
      recipient: YOU,
      amount: 1_000_000n,
      memo: { type: 'tag', value: 42 },
    });
    expect(built.unsigned).toMatchObject({ DestinationTag: 42, Sequence: 5, Fee: 12n });
    expect(xrp.reviewRows(built).map((r) => r.labelKey)).toEqual(['send.recipient', 'send.tag', 'send.amountLabel', 'send.networkFee']);
    const signature = await xrp.sign({ signXrp: async () => ({ blob: '1200', hash: 'H' }) }, built);
    expect(await xrp.broadcast(xrp.finalize(built, signature))).toBe('H');
    expect(broadcasts).toEqual(['1200']);
    expect((await xrp.getFees()).unit).toBe('drops');
  });
});

describe('ChainAdapter contract: a read-only family (BNB Beacon)', () => {
  it('says readOnly and refuses to send with readOnlyChain', async () => {
    const xrp = fakeXrp(new Map());
    const bnb: ChainAdapter<XrpFamily> = {
      ...xrp,
      chain: 'BNB',
      family: 'bnb',
      capabilities: { ...xrp.capabilities, readOnly: true, memo: { label: 'Memo', types: ['text'] } },
      build: async () => Promise.reject(new ReadOnlyChainError('BNB')),
    };
    expect(bnb.capabilities.readOnly).toBe(true);
    await expect(bnb.build({ chain: 'BNB', index: 0, bip: 44, path: "m/44'/714'/0'" }, { recipient: 'bnb1x', amount: 1n })).rejects.toMatchObject({ code: 'readOnlyChain' });
  });
});
