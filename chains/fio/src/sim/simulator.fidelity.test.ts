/**
 * Fidelity (issue 28): every rejection class a wallet can provoke on FIO gets the FIO API node's answer — nodeos's
 * exception (code, name, what, the assert's message) with the HTTP status FIO's http_plugin gives it (401
 * unsatisfied_authorization, 409 tx_duplicate, 500 for the rest), or the contracts' 400 invalid_input field errors —
 * and a refused transaction changes nothing: balances, bundles, the head block (a block per accepted push) and history.
 */
import { Ecc, Fio } from '@fioprotocol/fiojs';
import { buildFioAction, fioPushBody, type FioActionKind } from '@secux-companion/chain-fio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import { FioSimulator, fioGenesis, fioPublicKeyOf } from './simulator.js';
import { fioPrivateKeyOf } from './testing.js';

const FIO = 10n ** 9n;
const me = fioPublicKeyOf(DEFAULT_MNEMONIC, 0);
const myPriv = fioPrivateKeyOf(DEFAULT_MNEMONIC, 0);
const stranger = Ecc.PrivateKey.fromSeed('fidelity stranger');
const strangerKey = String(stranger.toPublic().toString());
const payee = String(Ecc.PrivateKey.fromSeed('fidelity payee').toPublic().toString());

let sim: FioSimulator;
beforeAll(async () => {
  sim = new FioSimulator({ genesis: fioGenesis(DEFAULT_MNEMONIC), blockIntervalMs: 0 });
  await sim.start();
});
afterAll(() => sim.stop());

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(sim.url + path, { method: 'POST', body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

interface Sign {
  kind?: FioActionKind;
  fields?: Record<string, unknown>;
  actorKey?: string;
  key?: unknown;
  fee?: bigint;
  expireSeconds?: number;
  /** Replaces the reference block's id (TAPOS from another fork). */
  refId?: string;
}
async function signed(o: Sign = {}) {
  const info = (await post('/v1/chain/get_info', {})).body;
  const block = (await post('/v1/chain/get_block', { block_num_or_id: info.last_irreversible_block_num }))
    .body;
  const tx = await buildFioAction({
    kind: o.kind ?? 'transferTokens',
    actor: Fio.accountHash(o.actorKey ?? me),
    fields: o.fields ?? { payee_public_key: payee, amount: String(FIO) },
    fee: o.fee ?? 1000n * FIO,
    tpid: '',
    chain: {
      chainId: String(info.chain_id),
      block: (o.refId ? { ...block, id: o.refId } : block) as never,
    },
    abis: sim.abis,
    ...(o.expireSeconds !== undefined ? { expireSeconds: o.expireSeconds } : {}),
  });
  const sig = String(Ecc.Signature.sign(Buffer.from(tx.sigData, 'hex'), o.key ?? myPriv).toString());
  return { body: fioPushBody(tx, sig), txId: tx.txId };
}
const push = (body: unknown) => post('/v1/chain/push_transaction', body);

async function snapshot() {
  const actions = async (key: string) =>
    (await post('/v1/history/get_actions', { account_name: Fio.accountHash(key), pos: -1, offset: -100 }))
      .body.actions;
  return {
    balances: [me, strangerKey, payee].map((k) => sim.balanceOf(k)),
    bundles: sim.handle('emulator@secux')?.bundled,
    head: (await post('/v1/chain/get_info', {})).body.head_block_num,
    history: [await actions(me), await actions(payee)],
  };
}

/** nodeos's error body as FIO's http_plugin answers it. */
const nodeos = (status: number, code: number, name: string, what: string, message?: string | RegExp) => ({
  status,
  body: {
    code: status,
    message: status === 401 ? 'UnAuthorized' : status === 409 ? 'Conflict' : 'Internal Service Error - (fc)',
    error: {
      code,
      name,
      what,
      ...(message !== undefined
        ? { details: [{ message: typeof message === 'string' ? message : expect.stringMatching(message) }] }
        : {}),
    },
  },
});

async function refused(body: unknown, expected: { status: number; body: unknown }): Promise<void> {
  const before = await snapshot();
  expect(await push(body)).toMatchObject(expected);
  expect(await snapshot()).toEqual(before);
}

describe('fidelity: the FIO node’s answers to refused pushes', () => {
  it('wrong key: 401 unsatisfied_authorization (3090003), nothing moved', async () => {
    await refused(
      (await signed({ key: stranger })).body,
      nodeos(
        401,
        3090003,
        'unsatisfied_authorization',
        'Provided keys, permissions, and delays do not satisfy declared authorizations',
        /^transaction declares authority .* but does not have signatures for it/,
      ),
    );
  });

  it('replay: the same signed transaction again is 409 tx_duplicate (3040008), applied once', async () => {
    const { body, txId } = await signed();
    const before = sim.balanceOf(payee);
    expect((await push(body)).status).toBe(202);
    expect(sim.balanceOf(payee)).toBe(before + FIO);
    await refused(
      body,
      nodeos(409, 3040008, 'tx_duplicate', 'Duplicate transaction', `duplicate transaction ${txId}`),
    );
  });

  it('stale TAPOS (FIO’s sequence): a reference block of another fork is 500 invalid_ref_block_exception (3040007)', async () => {
    const info = (await post('/v1/chain/get_info', {})).body;
    const block = (await post('/v1/chain/get_block', { block_num_or_id: info.last_irreversible_block_num }))
      .body;
    const id = String(block.id);
    const otherFork = id.slice(0, 16) + (id[16] === 'f' ? '0' : 'f') + id.slice(17);
    await refused(
      (await signed({ refId: otherFork })).body,
      nodeos(
        500,
        3040007,
        'invalid_ref_block_exception',
        'Invalid Reference Block',
        "Transaction's reference block did not match. Is this transaction from a different fork?",
      ),
    );
  });

  it('expiry: past expiration 500 expired_tx_exception (3040005); beyond 3600 s tx_exp_too_far_exception (3040006)', async () => {
    await refused(
      (await signed({ expireSeconds: -60 })).body,
      nodeos(
        500,
        3040005,
        'expired_tx_exception',
        'Expired Transaction',
        /^transaction has expired, expiration is \S+ and pending block time is \S+$/,
      ),
    );
    // a transaction signed in time, pushed after it expired
    const { body } = await signed({ expireSeconds: 60 });
    sim.advanceClock(120);
    await refused(body, nodeos(500, 3040005, 'expired_tx_exception', 'Expired Transaction'));
    await refused(
      (await signed({ expireSeconds: 3700 })).body,
      nodeos(
        500,
        3040006,
        'tx_exp_too_far_exception',
        'Transaction Expiration Too Far',
        /maximum transaction lifetime is 3600 seconds$/,
      ),
    );
  });

  it('overspend: 400 invalid_input on amount (fio.token’s balance check), nothing moved', async () => {
    await refused(
      (await signed({ fields: { payee_public_key: payee, amount: String(10_000n * FIO) } })).body,
      {
        status: 400,
        body: {
          type: 'invalid_input',
          message: 'An invalid request was sent in, please check the nested errors for details.',
          fields: [{ name: 'amount', error: 'Insufficient balance' }],
        },
      },
    );
  });

  it('fee: max_fee below the fee (Fee exceeds supplied maximum.); a fee the balance cannot pay', async () => {
    await refused((await signed({ fee: 1n })).body, {
      status: 400,
      body: { type: 'invalid_input', fields: [{ name: 'max_fee', error: 'Fee exceeds supplied maximum.' }] },
    });
    await refused(
      (
        await signed({
          kind: 'registerFioDomain',
          fields: { fio_domain: 'fidelity', owner_fio_public_key: strangerKey },
          actorKey: strangerKey,
          key: stranger,
        })
      ).body,
      {
        status: 400,
        body: {
          type: 'invalid_input',
          fields: [{ name: 'max_fee', error: 'Insufficient funds to cover fee' }],
        },
      },
    );
  });

  it('garbage: 500 packed_transaction_type_exception (3010010) for bytes that are no transaction', async () => {
    const { body } = await signed();
    for (const packed_trx of ['zz', 'deadbeef', ''])
      await refused(
        { ...body, packed_trx },
        nodeos(500, 3010010, 'packed_transaction_type_exception', 'Invalid packed transaction'),
      );
  });
});
