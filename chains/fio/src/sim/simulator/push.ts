/**
 * push_transaction: the packed transaction decoded with fiojs and the contracts' ABIs, its signature recovered over
 * chain id ‖ packed trx ‖ 32 zero bytes, nodeos's checks (expiration, TAPOS, duplicate, the declared authority, the
 * actor's), then the action applied, sealed in a block and entered in the history of the accounts it touches.
 */
import { Ecc, Fio } from '@fioprotocol/fiojs';
import { decodeFioTransaction, refBlockPrefix } from '@secux-companion/chain-fio';
import { applyAction } from './apply.js';
import type { ActionResult } from './actions/index.js';
import { parseFioTime } from './constants.js';
import { invalidInput, invalidSignature, nodeosError } from './errors.js';
import type { FioState } from './state.js';

type FioTransaction = Awaited<ReturnType<typeof decodeFioTransaction>>;
type FioAction = FioTransaction['actions'][number];

interface Signed {
  tx: FioTransaction;
  signer: string;
  txId: string;
}

export async function pushTransaction(s: FioState, b: Record<string, unknown>): Promise<unknown> {
  const { tx, signer, txId } = await decodeSigned(s, b);
  checkTiming(s, tx, txId);
  if (tx.actions.length !== 1) throw invalidInput('actions', tx.actions.length, 'One action per transaction');
  const action = tx.actions[0]!;
  const actor = String(action.data.actor ?? '');
  checkAuthority(action, actor, signer);
  const result = applyAction(s, action.name, action.data, signer);
  s.seen.add(txId);
  return execute(s, action, actor, txId, result);
}

/** The transaction, the key that signed it and its id; FIO's answers for bytes or a signature it cannot read. */
async function decodeSigned(s: FioState, b: Record<string, unknown>): Promise<Signed> {
  const packed = b.packed_trx;
  const sigs = b.signatures;
  // chain_plugin's push_transaction: what does not read as a packed transaction is rethrown as
  // packed_transaction_type_exception (3010010) 'Invalid packed transaction' (500).
  const invalidPacked = (why: string) =>
    nodeosError('packed_transaction_type_exception', 3010010, 'Invalid packed transaction', why);
  if (typeof packed !== 'string' || !/^([0-9a-f]{2})+$/i.test(packed))
    throw invalidPacked('Invalid packed transaction');
  if (!Array.isArray(sigs) || sigs.length !== 1) throw invalidInput('packed_trx', '', 'Invalid transaction');
  let tx: FioTransaction;
  try {
    tx = await decodeFioTransaction(packed.toLowerCase(), s.chainId, s.abis);
  } catch (e) {
    throw invalidPacked(e instanceof Error ? e.message : 'Invalid packed transaction');
  }
  // Signature over chain id ‖ packed trx ‖ 32 zero bytes, recovered and compared with the actor's key.
  const sigData = Buffer.concat([
    Buffer.from(s.chainId, 'hex'),
    Buffer.from(packed, 'hex'),
    Buffer.alloc(32),
  ]);
  let signer: string;
  try {
    signer = String(
      (Ecc.Signature.fromString(String(sigs[0])) as { recover(b: Buffer): unknown }).recover(sigData),
    );
  } catch {
    throw invalidSignature();
  }
  const txId = Buffer.from(await crypto.subtle.digest('SHA-256', Buffer.from(packed, 'hex'))).toString('hex');
  return { tx, signer, txId };
}

/** nodeos's controller (validate_expiration, validate_tapos, the duplicate check): the exception's what and text. */
function checkTiming(s: FioState, tx: FioTransaction, txId: string): void {
  const exp = parseFioTime(tx.expiration);
  const now = s.now();
  const sec = (ms: number) => new Date(ms).toISOString().slice(0, 19);
  const pending = new Date(now).toISOString().slice(0, 23);
  if (!(exp > now))
    throw nodeosError(
      'expired_tx_exception',
      3040005,
      'Expired Transaction',
      `transaction has expired, expiration is ${sec(exp)} and pending block time is ${pending}`,
    );
  if (exp - now > 3600_000)
    throw nodeosError(
      'tx_exp_too_far_exception',
      3040006,
      'Transaction Expiration Too Far',
      `Transaction expiration is too far in the future relative to the reference time of ${pending}, expiration is ${sec(exp)} and the maximum transaction lifetime is 3600 seconds`,
    );
  const ref = s.blocks.find(
    (x) => (x.num & 0xffff) === tx.ref_block_num && refBlockPrefix(x.id) === tx.ref_block_prefix,
  );
  if (!ref)
    throw nodeosError(
      'invalid_ref_block_exception',
      3040007,
      'Invalid Reference Block',
      "Transaction's reference block did not match. Is this transaction from a different fork?",
    );
  if (s.seen.has(txId))
    throw nodeosError('tx_duplicate', 3040008, 'Duplicate transaction', `duplicate transaction ${txId}`);
}

/**
 * nodeos checks the declared authorization against the recovered key before any contract runs (every FIO account's
 * active permission is its own key), then the contract's require_auth(actor) checks the action's actor.
 */
function checkAuthority(action: FioAction, actor: string, signer: string): void {
  const declared = action.authorization[0];
  if (!declared)
    throw nodeosError('tx_no_auths', 3040003, 'Transaction should have at least one required authority');
  if (declared.actor !== Fio.accountHash(signer))
    throw nodeosError(
      'unsatisfied_authorization',
      3090003,
      'Provided keys, permissions, and delays do not satisfy declared authorizations',
      `transaction declares authority '${JSON.stringify({ actor: declared.actor, permission: declared.permission })}', but does not have signatures for it under a provided delay of 0 ms, provided permissions [], provided keys ${JSON.stringify([signer])}, and a delay max limit of 3888000000 ms`,
      { file: 'authorization_manager.cpp', line: 525, method: 'check_authorization' },
    );
  if (declared.actor !== actor)
    throw nodeosError(
      'missing_auth_exception',
      3090004,
      'Missing required authority',
      `missing authority of ${actor}`,
      {
        file: 'apply_context.cpp',
        line: 224,
        method: 'require_authorization',
      },
    );
}

/** Seals the applied action in a block, enters it in its accounts' histories and answers as nodeos does. */
function execute(s: FioState, action: FioAction, actor: string, txId: string, result: ActionResult): unknown {
  const block = s.produceBlock();
  const blockTime = block.time.toISOString().slice(0, 23);
  s.trxs.set(txId, { block_num: block.num, block_time: blockTime });
  const response = JSON.stringify(result.response);
  const data = action.data;
  const record = (account: string) => {
    const list = s.history.get(account) ?? [];
    list.push({
      account_action_seq: list.length,
      global_action_seq: ++s.globalSeq,
      block_num: block.num,
      block_time: blockTime,
      action_trace: {
        receipt: { receiver: account, response },
        act: { account: action.account, name: action.name, authorization: action.authorization, data },
        trx_id: txId,
        block_num: block.num,
      },
    });
    s.history.set(account, list);
  };
  record(actor);
  if (result.payee && Fio.accountHash(result.payee) !== actor) record(Fio.accountHash(result.payee));
  return {
    transaction_id: txId,
    processed: {
      id: txId,
      block_num: block.num,
      block_time: blockTime,
      receipt: { status: 'executed', cpu_usage_us: 100, net_usage_words: 20 },
      action_traces: [{ receipt: { receiver: action.account, response }, act: { ...action, hex_data: '' } }],
    },
  };
}
