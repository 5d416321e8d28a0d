/**
 * The whole XRP path over HTTP: chain-xrp's adapter and product-API client → the generic routes → the XRP facade →
 * the rippled provider → localnet's XRP Ledger simulator (real state, signature checks). A software key stands in for
 * the device (chains/xrp's device test covers the emulator).
 */
import type { FastifyInstance } from 'fastify';
import { simulationVerdict } from '@secux-companion/chain-common';
import { createXrpProductApiChain, type XrpSigner } from '@secux-companion/chain-xrp';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import { XRPL_TAG_REQUIRED_ACCOUNT, XrplSimulator, xrpAddressOf, xrplGenesis } from '../sim/index.js';
import { Wallet, decode } from 'xrpl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveChains } from '@secux-companion/server-kit/testing/chainServer';
import { xrpFamily } from './index.js';

const wallet = Wallet.fromSeed('sEdTM1uX8pu2do5XvTnutH6HsouMaM2');
const other = Wallet.fromSeed('sEd7rBGm5kxzauRTAV2hbsNz7N45X91');
const ACCOUNT = {
  chain: 'XRP' as const,
  index: 0,
  bip: 44 as const,
  path: "m/44'/144'/0'",
  address: wallet.classicAddress,
};
const NEW = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

const signer = (key = wallet): XrpSigner => ({
  getPublicKey: async () => wallet.publicKey,
  signXrp: async (_p, tx) => {
    const blob = key.sign({ ...tx, SigningPubKey: key.publicKey } as never).tx_blob;
    return { rawTx: blob, signature: String(decode(blob).TxnSignature) };
  },
});

let sim: XrplSimulator;
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  sim = new XrplSimulator({
    accounts: [...xrplGenesis(DEFAULT_MNEMONIC), { address: wallet.classicAddress, balance: 20_000_000n }],
  });
  const rippled = await sim.start();
  ({ app, base } = await serveChains({ env: { CHAIN_XRP_RIPPLED: rippled }, families: [xrpFamily] }));
});
afterAll(async () => {
  await app?.close();
  await sim?.stop();
});

describe('XRP end to end against the simulator', () => {
  it('activates a new account with a payment at the base reserve and shows it in both histories', async () => {
    const chain = createXrpProductApiChain({ baseUrl: base });
    await expect(chain.build(ACCOUNT, { recipient: NEW, amount: 999_999n })).rejects.toMatchObject({
      code: 'xrpActivationBelowReserve',
    });
    const built = await chain.build(ACCOUNT, { recipient: NEW, amount: 1_000_000n });
    const hash = await chain.broadcast(chain.finalize(built, await chain.sign(signer(), built)));
    sim.closeLedger();
    expect(await chain.getAccountSummary({ ...ACCOUNT, address: NEW })).toMatchObject({
      balance: 1_000_000n,
      activated: true,
    });
    const page = await chain.getHistory(ACCOUNT);
    expect(page.operations[0]).toMatchObject({ hash, direction: 'out', value: 1_000_000n });
    expect(await chain.getAccountState(ACCOUNT)).toMatchObject({
      reserve: 1_000_000n,
      available: 20_000_000n - 1_000_000n - 10n - 1_000_000n,
    });
  });

  it("balance changes before signing: the ledger's simulate gives them, they match the build, and the send lands them", async () => {
    const chain = createXrpProductApiChain({ baseUrl: base });
    const to = xrplGenesis(DEFAULT_MNEMONIC)[0]!.address;
    const built = await chain.build(ACCOUNT, { recipient: to, amount: 1_500_000n });
    const fee = BigInt(built.unsigned.tx.Fee);
    const sim = await chain.simulate!(built);
    expect(sim).toEqual({
      kind: 'ok',
      fee,
      deltas: [
        { who: 'self', asset: 'XRP', symbol: 'XRP', decimals: 6, amount: -(1_500_000n + fee) },
        { who: 'recipient', asset: 'XRP', symbol: 'XRP', decimals: 6, amount: 1_500_000n },
      ],
      expected: expect.any(Array),
    });
    expect(simulationVerdict(sim)).toEqual({ blocked: false });
    const before = (await chain.getAccountSummary(ACCOUNT)).balance;
    await chain.broadcast(chain.finalize(built, await chain.sign(signer(), built)));
    expect((await chain.getAccountSummary(ACCOUNT)).balance).toBe(before - 1_500_000n - fee);
    // A payment the ledger would refuse is 'failed' with its engine result.
    const next = await chain.build(ACCOUNT, { recipient: to, amount: 1_000_000n });
    const broke = {
      ...next,
      unsigned: { ...next.unsigned, tx: { ...next.unsigned.tx, Amount: '900000000' } },
    };
    expect(await chain.simulate!(broke)).toMatchObject({
      kind: 'failed',
      reason: expect.stringMatching(/^tecUNFUNDED_PAYMENT/),
    });
  });

  it('sends with a tag to the recipient that requires one', async () => {
    const chain = createXrpProductApiChain({ baseUrl: base });
    const tagged = xrpAddressOf(DEFAULT_MNEMONIC, XRPL_TAG_REQUIRED_ACCOUNT);
    await expect(chain.build(ACCOUNT, { recipient: tagged, amount: 1_000_000n })).rejects.toMatchObject({
      code: 'xrpDestinationTagRequired',
    });
    const built = await chain.build(ACCOUNT, {
      recipient: tagged,
      amount: 1_000_000n,
      memo: { type: 'tag', value: 123 },
    });
    await chain.broadcast(chain.finalize(built, await chain.sign(signer(), built)));
    const history = await chain.getHistory({ ...ACCOUNT, address: tagged });
    expect(history.operations[0]).toMatchObject({ direction: 'in', destinationTag: 123 });
  });

  it('a blob signed by the wrong key is refused by the ledger with its reason', async () => {
    const chain = createXrpProductApiChain({ baseUrl: base });
    const built = await chain.build(ACCOUNT, { recipient: NEW, amount: 1_000_000n });
    const forged = other.sign({ ...built.unsigned.tx, SigningPubKey: other.publicKey } as never).tx_blob;
    await expect(chain.broadcast({ hash: '', raw: forged })).rejects.toThrow(
      "Transaction's public key is not authorized.",
    );
  });

  it("the busy answer reaches the client as 'Held until escalated fee drops.'", async () => {
    const chain = createXrpProductApiChain({ baseUrl: base });
    const built = await chain.build(ACCOUNT, { recipient: NEW, amount: 1_000_000n });
    sim.busy = true;
    try {
      await expect(chain.broadcast(chain.finalize(built, await chain.sign(signer(), built)))).rejects.toThrow(
        'Held until escalated fee drops.',
      );
    } finally {
      sim.busy = false;
    }
  });
});
