/**
 * Broadcast and finality over localnet's XRP Ledger simulator (real sequences, signatures and ledgers):
 * - a submit whose first rippled takes the transaction but never answers (a stand-in with `dropAfterForward`): the
 *   server resends the same signed bytes to the next rippled, which answers tefPAST_SEQ; `tx` finds this very
 *   transaction, so the client gets success with the same hash and the ledger holds ONE transaction;
 * - tx-status follows it: pending in the open ledger, confirmed once a validated ledger holds it; a tec payment is
 *   failed with its code (its fee was claimed); a hash nobody knows is unknown.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { startStandIn, type StandIn } from '@secux-companion/sim-kit';
import { XrplSimulator } from '../sim/index.js';
import { Wallet } from 'xrpl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainRegistry } from '@secux-companion/server-kit/registry';
import { registerChainRoutes } from '@secux-companion/server-kit/routes';
import { xrpFamily } from './index.js';

const wallet = Wallet.fromSeed('sEdTM1uX8pu2do5XvTnutH6HsouMaM2');
const friend = Wallet.fromSeed('sEd7rBGm5kxzauRTAV2hbsNz7N45X91');
const NEW = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const START = 1000;

let sim: XrplSimulator;
let standIn: StandIn;
let app: FastifyInstance;
beforeAll(async () => {
  sim = new XrplSimulator({
    startLedger: START,
    accounts: [
      { address: wallet.classicAddress, balance: 50_000_000n },
      { address: friend.classicAddress, balance: 50_000_000n },
    ],
  });
  const rippled = await sim.start();
  standIn = await startStandIn({ upstream: rippled, behaviour: { name: 'rippled' } });
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch,
    // The stand-in first, as the public list puts xrplcluster first; a small call timeout keeps the test short.
    env: { CHAIN_XRP_RIPPLED: `${standIn.url},${rippled}`, CHAIN_XRP_TIMEOUT_MS: '1500' },
    families: [xrpFamily],
  });
  app = Fastify({ logger: false });
  await app.register(async (api) => registerChainRoutes(api, { config: {} as never, fetch }, { registry }), {
    prefix: '/api',
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await standIn?.close();
  await sim?.stop();
});

let sequence = START;
/** A signed payment (its blob and hash), as the device would sign it. */
const payment = (to: string, drops: string) => {
  const signed = wallet.sign({
    TransactionType: 'Payment',
    Account: wallet.classicAddress,
    Destination: to,
    Amount: drops,
    Fee: '12',
    Sequence: sequence++,
    LastLedgerSequence: sim.validatedLedger + 20,
    SigningPubKey: wallet.publicKey,
    Flags: 0,
  });
  return { blob: signed.tx_blob, hash: signed.hash };
};
const post = async (rawTx: string) => {
  const r = await app.inject({ method: 'POST', url: '/api/chains/XRP/broadcast', payload: { rawTx } });
  return { status: r.statusCode, body: r.json() as Record<string, unknown> };
};
const txStatus = async (hash: string) =>
  (await app.inject({ method: 'GET', url: `/api/chains/XRP/tx-status/${hash}` })).json() as Record<
    string,
    unknown
  >;
const historyOf = (address: string) =>
  (sim.handle('account_tx', { account: address }) as { transactions: { hash: string }[] }).transactions;
const submitsTo = (s: StandIn) =>
  s.requests.filter((r) => r.rpcMethods.includes('submit')).map((r) => JSON.parse(r.body).params[0].tx_blob);

describe('XRP: a submit the first rippled took but never answered', () => {
  it('is resent as the same bytes: success with the same hash, ONE transaction in the ledger', async () => {
    standIn.fault = 'dropAfterForward';
    standIn.faultWhen = (r) => r.rpcMethods.includes('submit');
    const before = sim.accounts.get(wallet.classicAddress)!.balance;
    const { blob, hash } = payment(friend.classicAddress, '1000000');

    const r = await post(blob);
    expect(r).toEqual({ status: 200, body: { hash, state: 'pending', provider: 'rippled#2' } });
    // The first rippled got the blob (and applied it); the same bytes went on, never a new signature.
    expect(submitsTo(standIn)).toEqual([blob]);
    expect(historyOf(wallet.classicAddress).map((t) => t.hash)).toEqual([hash]);
    expect(sim.accounts.get(wallet.classicAddress)!.balance).toBe(before - 1_000_000n - 12n);

    // Pending in the open ledger; confirmed once a validated ledger holds it.
    expect(await txStatus(hash)).toMatchObject({ hash, state: 'pending', final: false });
    sim.closeLedger();
    expect(await txStatus(hash)).toMatchObject({
      hash,
      state: 'confirmed',
      final: true,
      blockHeight: START + 1,
      confirmations: 1,
    });
    standIn.fault = undefined;
  });

  it('a tec payment is refused at submit but lands failed with its code; an unknown hash is unknown', async () => {
    const { blob, hash } = payment(NEW, '10'); // below the reserve that would create the account
    expect(await post(blob)).toMatchObject({
      status: 422,
      body: { engineResult: 'tecNO_DST_INSUF_XRP', hash },
    });
    sim.closeLedger();
    expect(await txStatus(hash)).toMatchObject({
      state: 'failed',
      final: true,
      reason: 'tecNO_DST_INSUF_XRP',
    });
    expect(await txStatus('AB'.repeat(32))).toMatchObject({ state: 'unknown', final: false });
  });
});
