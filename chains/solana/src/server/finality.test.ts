/**
 * Solana finality over localnet's LiteSVM node: a sent transaction is pending while the cluster has only confirmed it,
 * and confirmed once 32 slots lie on top (finalized); the same signed bytes again are the node's AlreadyProcessed:
 * success with the same signature, and the fee is charged once. A signature no node knows is unknown.
 */
import type { FastifyInstance } from 'fastify';
import { createSolanaProductApiChain } from '@secux-companion/chain-solana';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import { solanaSigner, startSolana } from '../sim/index.js';
import { SOLANA_MAINNET_GENESIS_HASH } from './genesis.js';
import { getBase58Decoder, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveChains } from '@secux-companion/server-kit/testing/chainServer';
import { softwareSigner } from './softwareSigner.js';
import { solanaFamily } from './index.js';

let node: Awaited<ReturnType<typeof startSolana>>;
let app: FastifyInstance;
let base: string;
let me: KeyPairSigner;
let other: KeyPairSigner;
beforeAll(async () => {
  node = await startSolana({
    mnemonic: DEFAULT_MNEMONIC,
    host: '127.0.0.1',
    ports: [0],
    slotMs: 0,
    genesisHash: SOLANA_MAINNET_GENESIS_HASH,
  });
  me = await solanaSigner(DEFAULT_MNEMONIC, 0);
  other = await solanaSigner(DEFAULT_MNEMONIC, 1);
  ({ app, base } = await serveChains({
    env: { CHAIN_SOL_RPC: node.info.rpcUrls.join(',') },
    families: [solanaFamily],
  }));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await node?.stop();
});

const acct = (a: string) => ({
  chain: 'SOL' as const,
  index: 0,
  bip: 44 as const,
  path: "m/44'/501'/0'",
  address: a,
});
const status = async (hash: string) =>
  (await (await fetch(`${base}/chains/SOL/tx-status/${hash}`)).json()) as Record<string, unknown>;
const post = async (rawTx: string) => {
  const r = await fetch(`${base}/chains/SOL/broadcast`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rawTx }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};

describe('Solana: confirmed by the cluster is pending; finalized is final', () => {
  it('pending → confirmed after 32 slots; the same bytes again are AlreadyProcessed: success, charged once', async () => {
    const chain = createSolanaProductApiChain({ baseUrl: base });
    const before = (await chain.getAccountSummary(acct(me.address))).balance;
    const built = await chain.build(acct(me.address), { recipient: other.address, amount: 1_000_000n });
    const signed = chain.finalize(built, await chain.sign(softwareSigner(me), built));
    const rawTx = Buffer.from(signed.raw as string, signed.encoding === 'hex' ? 'hex' : 'base64').toString(
      'base64',
    );
    expect(await post(rawTx)).toMatchObject({ status: 200, body: { hash: signed.hash, state: 'pending' } });
    expect(await post(rawTx)).toMatchObject({ status: 200, body: { hash: signed.hash, state: 'pending' } });
    expect((await chain.getAccountSummary(acct(me.address))).balance).toBe(
      before - 1_000_000n - built.review.fee,
    );

    expect(await status(signed.hash)).toMatchObject({ state: 'pending', final: false, confirmations: 1 });
    node.simulator.advance(31);
    expect(await status(signed.hash)).toMatchObject({ state: 'pending', confirmations: 32 });
    node.simulator.advance(1);
    expect(await status(signed.hash)).toMatchObject({ state: 'confirmed', final: true, confirmations: null });
    expect(await status(getBase58Decoder().decode(new Uint8Array(64).fill(7)))).toMatchObject({
      state: 'unknown',
    });
  });
});
