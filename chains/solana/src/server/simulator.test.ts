/**
 * The whole Solana path over HTTP against the real SVM: chain-solana's adapter and product-API client → the generic
 * and Solana routes → the facade → the JSON-RPC provider → localnet's LiteSVM node. Every transaction the adapter
 * builds is executed by the SVM: a SOL send, an SPL send that creates the recipient's token account (its size and
 * rent as the SVM made it), a Token-2022 send whose transfer fee is withheld, a stale blockhash refused before
 * broadcast, a wrong key refused by the SVM. A software key stands in for the device (chains/solana's tests sign
 * with the emulator).
 */
import type { FastifyInstance } from 'fastify';
import { simulationVerdict } from '@secux-companion/chain-common';
import { createSolanaProductApiChain } from '@secux-companion/chain-solana';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import { solanaSigner, startSolana, type SolanaInfo } from '../sim/index.js';
import { SOLANA_MAINNET_GENESIS_HASH } from './genesis.js';
import { getBase64Encoder, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveChains } from '@secux-companion/server-kit/testing/chainServer';
import { softwareSigner } from './softwareSigner.js';
import { solanaFamily } from './index.js';

let node: Awaited<ReturnType<typeof startSolana>>;
let info: SolanaInfo;
let app: FastifyInstance;
let base: string;
let me: KeyPairSigner;
let other: KeyPairSigner;
beforeAll(async () => {
  node = await startSolana({
    mnemonic: DEFAULT_MNEMONIC,
    host: '127.0.0.1',
    ports: [0, 0],
    slotMs: 0,
    genesisHash: SOLANA_MAINNET_GENESIS_HASH,
  });
  info = node.info;
  me = await solanaSigner(DEFAULT_MNEMONIC, 0);
  other = await solanaSigner(DEFAULT_MNEMONIC, 1);
  ({ app, base } = await serveChains({
    env: { CHAIN_SOL_RPC: info.rpcUrls.join(',') },
    families: [solanaFamily],
  }));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await node?.stop();
});

const acct = (a: string, index = 0) => ({
  chain: 'SOL' as const,
  index,
  bip: 44 as const,
  path: `m/44'/501'/${index}'`,
  address: a,
});

describe('Solana over HTTP against LiteSVM', () => {
  it('reads the funded account with both localnet mints', async () => {
    const chain = createSolanaProductApiChain({ baseUrl: base });
    expect(me.address).toBe(info.accounts[0]!.address);
    const s = await chain.getAccountState(acct(me.address));
    expect(s.balance).toBe(20_000_000_000n);
    expect(s.tokens!.map((t) => [t.contract, t.standard, t.balance, t.decimals])).toEqual(
      expect.arrayContaining([
        [info.tokens[0]!.mint, 'SPL', 1_000_000_000_000n, 6],
        [info.tokens[1]!.mint, 'Token-2022', 1_000_000_000_000n, 6],
      ]),
    );
  });

  it('names a token by its Metaplex metadata account, marked unverified; the list names none here', async () => {
    const chain = createSolanaProductApiChain({ baseUrl: base });
    const mpx = info.tokens.find((t) => t.listed === false)!;
    const s = await chain.getAccountState(acct(me.address));
    // The mainnet profile's list (KNOWN_MINTS) knows no localnet mint: only the Metaplex account names one.
    expect(s.tokens!.find((t) => t.contract === mpx.mint)).toMatchObject({
      symbol: 'LMPX',
      name: 'Local Metaplex Token',
      unverified: true,
      balance: 5_000_000_000n,
      decimals: 9,
    });
    const lusdc = s.tokens!.find((t) => t.contract === info.tokens[0]!.mint)!;
    expect(lusdc.name).toBeUndefined();
    expect(lusdc.unverified).toBeUndefined();
    // The mint route (adding a token by its mint) reads the same account.
    expect(await chain.mintInfo(mpx.mint)).toMatchObject({ symbol: 'LMPX', unverified: true });
  });

  it('a SOL send: the SVM charges exactly the fee the review showed', async () => {
    const chain = createSolanaProductApiChain({ baseUrl: base });
    const before = (await chain.getAccountSummary(acct(me.address))).balance;
    const built = await chain.build(acct(me.address), { recipient: other.address, amount: 1_000_000_000n });
    const signed = chain.finalize(built, await chain.sign(softwareSigner(me), built));
    expect(await chain.broadcast(signed)).toBe(signed.hash);
    expect((await chain.getAccountSummary(acct(me.address))).balance).toBe(
      before - 1_000_000_000n - built.review.fee,
    );
    const history = await chain.getHistory(acct(me.address));
    expect(history.operations[0]).toMatchObject({
      hash: signed.hash,
      direction: 'out',
      value: 1_000_000_000n,
      fee: built.review.fee,
    });
  });

  it('an SPL send to a recipient without a token account creates it; its rent is what the SVM locked', async () => {
    const chain = createSolanaProductApiChain({ baseUrl: base });
    const mint = info.tokens[0]!.mint;
    const built = await chain.build(acct(me.address), {
      recipient: other.address,
      amount: 2_500_000n,
      token: mint,
    });
    expect(built.unsigned.rent).toBeGreaterThan(0n);
    const signed = chain.finalize(built, await chain.sign(softwareSigner(me), built));
    await chain.broadcast(signed);
    const plan = built.unsigned.plan as { destination: string };
    const created = await fetch(`${base}/chains/SOL/address/${plan.destination}`).then((r) => r.json());
    expect(created).toMatchObject({ exists: true, space: 165, lamports: built.unsigned.rent.toString() });
    const theirs = await chain.getAccountState(acct(other.address, 1));
    expect(theirs.tokens!.find((t) => t.contract === mint)?.balance).toBe(2_500_000n);
  });

  it('balance changes before signing: the chain computes them, they match the build, and the send lands them', async () => {
    const chain = createSolanaProductApiChain({ baseUrl: base });
    const mint = info.tokens[1]!.mint; // Token-2022, 1 % transfer fee
    const fresh = (await solanaSigner(DEFAULT_MNEMONIC, 52)).address; // no token account yet
    const built = await chain.build(acct(me.address), { recipient: fresh, amount: 3_000_000n, token: mint });
    const sim = await chain.simulate!(built);
    const { fee, rent } = built.unsigned;
    expect(sim).toEqual({
      kind: 'ok',
      fee,
      locked: rent,
      deltas: expect.arrayContaining([
        { who: 'self', asset: 'SOL', symbol: 'SOL', decimals: 9, amount: -(fee + rent) },
        { who: 'self', asset: mint, symbol: built.unsigned.token!.symbol, decimals: 6, amount: -3_000_000n },
        {
          who: 'recipient',
          asset: mint,
          symbol: built.unsigned.token!.symbol,
          decimals: 6,
          amount: 2_970_000n,
        },
      ]),
      expected: expect.any(Array),
    });
    expect(sim.kind === 'ok' && sim.deltas).toHaveLength(3);
    expect(simulationVerdict(sim)).toEqual({ blocked: false });
    // What the chain said is what happens.
    const sol = (await chain.getAccountSummary(acct(me.address))).balance;
    const signed = chain.finalize(built, await chain.sign(softwareSigner(me), built));
    await chain.broadcast(signed);
    expect((await chain.getAccountSummary(acct(me.address))).balance).toBe(sol - fee - rent);

    // A build that says another fee than the chain charges disagrees: blocked.
    const lying = { ...built, unsigned: { ...built.unsigned, fee: fee - 1n } };
    expect(simulationVerdict(await chain.simulate!(lying))).toMatchObject({
      blocked: true,
      reason: 'mismatch',
    });
    // A transfer the chain refuses (more SOL than the account holds): failed, with the chain's reason.
    const sendSol = await chain.build(acct(me.address), {
      recipient: other.address,
      amount: 1_000n * 1_000_000n,
    });
    const plan = { ...(sendSol.unsigned.plan as { lamports: bigint }), lamports: 10n ** 15n };
    const refused = await chain.simulate!({
      ...sendSol,
      unsigned: { ...sendSol.unsigned, plan } as typeof sendSol.unsigned,
    });
    expect(refused).toMatchObject({ kind: 'failed', reason: expect.stringContaining('InstructionError') });
    expect(simulationVerdict(refused)).toMatchObject({ blocked: true, reason: 'failed' });
  });

  it('a Token-2022 send: its account sized with its extensions, the transfer fee withheld from what arrives', async () => {
    const chain = createSolanaProductApiChain({ baseUrl: base });
    const mint = info.tokens[1]!.mint;
    const built = await chain.build(acct(me.address), {
      recipient: other.address,
      amount: 10_000_000n,
      token: mint,
    });
    expect(built.unsigned.transferFee).toBe(100_000n);
    const signed = chain.finalize(built, await chain.sign(softwareSigner(me), built));
    await chain.broadcast(signed);
    const plan = built.unsigned.plan as { destination: string };
    const created = await fetch(`${base}/chains/SOL/address/${plan.destination}`).then((r) => r.json());
    expect(created).toMatchObject({ exists: true, space: 182, lamports: built.unsigned.rent.toString() });
    const theirs = await chain.getAccountState(acct(other.address, 1));
    expect(theirs.tokens!.find((t) => t.contract === mint)?.balance).toBe(10_000_000n - 100_000n);
  });

  it('a memo-required recipient gets a memo, and the SVM accepts the transfer', async () => {
    const chain = createSolanaProductApiChain({ baseUrl: base });
    const mint = info.tokens[1]!.mint;
    const { owner, tokenAccount } = info.memoRequired;
    const info0 = await fetch(`${base}/chains/SOL/address/${tokenAccount}`).then((r) => r.json());
    expect(info0).toMatchObject({ exists: true, memoRequired: true });
    const built = await chain.build(acct(me.address), {
      recipient: owner,
      amount: 1_000_000n,
      token: mint,
      memo: { type: 'text', value: 'invoice 42' },
    });
    expect(built.unsigned.memo).toBe('invoice 42');
    expect(built.unsigned.rent).toBe(0n);
    const signed = chain.finalize(built, await chain.sign(softwareSigner(me), built));
    expect(await chain.broadcast(signed)).toBe(signed.hash);
    const theirs = await chain.getAccountState(acct(owner, 5));
    expect(theirs.tokens!.find((t) => t.contract === mint)?.balance).toBe(1_000_000n - 10_000n);
    // The same transfer without the memo is refused by Token-2022 on the SVM.
    const bh = await fetch(`${base}/chains/SOL/blockhash`).then((r) => r.json());
    const noMemo = built.signRequest.instructions.filter(
      (i) => i.programId !== 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
    );
    const { rawTx } = await softwareSigner(me).signSol(me.address, {
      recentBlockhash: bh.blockhash,
      instructions: noMemo,
    });
    const r = await fetch(`${base}/chains/SOL/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rawTx: Buffer.from(rawTx, 'hex').toString('base64') }),
    });
    expect(r.status).toBe(422);
    expect(JSON.stringify(await r.json())).toContain('InstructionError');
  });

  it('a blockhash older than 150 blocks is never broadcast; signing again with a fresh one lands', async () => {
    const chain = createSolanaProductApiChain({ baseUrl: base });
    const built = await chain.build(acct(me.address), { recipient: other.address, amount: 1_000_000n });
    const stale = chain.finalize(built, await chain.sign(softwareSigner(me), built));
    node.simulator.advance(151);
    await expect(chain.broadcast(stale)).rejects.toMatchObject({ code: 'blockhashExpired' });
    // even if it were sent, the node refuses it as the network does
    const r = await fetch(`${base}/chains/SOL/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rawTx: stale.raw }),
    });
    expect(r.status).toBe(422);
    expect(await r.json()).toMatchObject({ upstreamCode: 'BlockhashNotFound' });
    const fresh = chain.finalize(built, await chain.sign(softwareSigner(me), built));
    expect(await chain.broadcast(fresh)).toBe(fresh.hash);
  });

  it('a transaction signed by another key is refused before broadcast, and by the SVM', async () => {
    const chain = createSolanaProductApiChain({ baseUrl: base });
    const built = await chain.build(acct(me.address), { recipient: other.address, amount: 1_000_000n });
    await expect(chain.sign(softwareSigner(me, other), built)).rejects.toMatchObject({
      code: 'badSignature',
    });
    const good = chain.finalize(built, await chain.sign(softwareSigner(me), built));
    const bytes = getBase64Encoder().encode(good.raw).slice();
    bytes[1] = bytes[1]! ^ 0xff; // corrupt the fee payer's signature
    const r = await fetch(`${base}/chains/SOL/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rawTx: Buffer.from(bytes).toString('base64') }),
    });
    expect(r.status).toBe(422);
    expect(await r.json()).toMatchObject({ upstreamCode: -32003 });
  });
});
