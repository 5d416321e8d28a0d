/**
 * Test helpers for the FIO simulator (its unit tests and the server's): its HTTP API, and one action built with
 * chain-fio (TAPOS from get_info / get_block, the served ABIs), signed over chain id ‖ packed trx ‖ 32 zero bytes as
 * the device signs, and pushed.
 */
import { Ecc, Fio } from '@fioprotocol/fiojs';
import {
  buildFioAction,
  fioPushBody,
  type FioActionKind,
  type FioPushBody,
} from '@secux-companion/chain-fio';
import { mnemonicToRoot } from '@secux-companion/sim-kit';
import type { FioSimulator } from './simulator.js';

/** The private key of the emulator's FIO account `index` (m/44'/235'/{index}'/0/0). */
export function fioPrivateKeyOf(mnemonic: string, index = 0): unknown {
  const node = mnemonicToRoot(mnemonic).derive(`m/44'/235'/${index}'/0/0`);
  return Ecc.PrivateKey.fromBuffer(Buffer.from(node.privateKey!));
}

export interface FioPushOptions {
  /** Whose action it is (the actor is derived from it). */
  actorKey: string;
  /** The key that signs (a fiojs PrivateKey). */
  key: unknown;
  /** The /get_fee value max_fee is made from; default 0. */
  fee?: bigint;
  sets?: number;
  tpid?: string;
}

export interface FioSimulatorClient {
  post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  /** The push_transaction body of one action, signed (push it with `post`, e.g. twice). */
  sign(kind: FioActionKind, fields: Record<string, unknown>, o: FioPushOptions): Promise<FioPushBody>;
  push(
    kind: FioActionKind,
    fields: Record<string, unknown>,
    o: FioPushOptions,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
}

export function fioSimulatorClient(sim: FioSimulator): FioSimulatorClient {
  const post = async (path: string, body: unknown) => {
    const r = await fetch(sim.url + path, { method: 'POST', body: JSON.stringify(body) });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
  const sign = async (kind: FioActionKind, fields: Record<string, unknown>, o: FioPushOptions) => {
    const info = (await post('/v1/chain/get_info', {})).body;
    const block = (await post('/v1/chain/get_block', { block_num_or_id: info.last_irreversible_block_num }))
      .body;
    const tx = await buildFioAction({
      kind,
      actor: Fio.accountHash(o.actorKey),
      fields,
      fee: o.fee ?? 0n,
      ...(o.sets ? { bundleSets: o.sets } : {}),
      tpid: o.tpid ?? '',
      chain: { chainId: String(info.chain_id), block: block as never },
      abis: sim.abis,
    });
    const sig = String(Ecc.Signature.sign(Buffer.from(tx.sigData, 'hex'), o.key).toString());
    return fioPushBody(tx, sig);
  };
  return {
    post,
    sign,
    push: async (kind, fields, o) => post('/v1/chain/push_transaction', await sign(kind, fields, o)),
  };
}
