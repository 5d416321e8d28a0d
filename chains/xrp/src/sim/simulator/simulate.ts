/**
 * `simulate` (rippled 2.4): a dry run of an unsigned transaction (tx_json, or tx_blob) in the open ledger — the Fee,
 * Sequence and SigningPubKey it lacks filled in as rippled autofills them — answering `applied: false`, the engine
 * result, the ledger it ran on and, when it would be applied (tes, tec), the metadata: the AccountRoot nodes it
 * modifies or creates with their previous and final Balance and Sequence. Nothing in the ledger changes. A signed
 * transaction is refused (transactionSigned); JSON only (`binary` is not served here).
 */
import { decode, hashes, isValidClassicAddress } from 'xrpl';
import type { XrplLedger } from './ledger.js';
import type { LedgerState, SimAccount } from './ledgerState.js';
import { apply, precheck } from './payment.js';
import { TER, rpcError, type EngineResult, type Params } from './ter.js';

const SIMULATED_TES = 'The simulated transaction would have been applied.';

/** AccountRoot nodes of what changed between two views of the accounts (Modified, then Created). */
function affectedNodes(before: ReadonlyMap<string, SimAccount>, after: ReadonlyMap<string, SimAccount>) {
  const nodes: Params[] = [];
  for (const [account, a] of after) {
    const b = before.get(account);
    const final = {
      Account: account,
      Balance: String(a.balance),
      Flags: a.flags,
      OwnerCount: a.ownerCount,
      Sequence: a.sequence,
    };
    if (!b)
      nodes.push({
        CreatedNode: {
          LedgerEntryType: 'AccountRoot',
          LedgerIndex: hashes.hashAccountRoot(account),
          NewFields: { Account: account, Balance: String(a.balance), Sequence: a.sequence },
        },
      });
    else if (b.balance !== a.balance || b.sequence !== a.sequence)
      nodes.push({
        ModifiedNode: {
          LedgerEntryType: 'AccountRoot',
          LedgerIndex: hashes.hashAccountRoot(account),
          FinalFields: final,
          PreviousFields: {
            ...(b.balance !== a.balance ? { Balance: String(b.balance) } : {}),
            ...(b.sequence !== a.sequence ? { Sequence: b.sequence } : {}),
          },
        },
      });
  }
  return nodes;
}

export function simulate(l: XrplLedger, p: Params): Params {
  const blob = p.tx_blob;
  const json = p.tx_json;
  if (blob !== undefined && json !== undefined)
    return rpcError('invalidParams', 'Can only include one of `tx_blob` and `tx_json`.');
  if (blob === undefined && json === undefined)
    return rpcError('invalidParams', 'Neither `tx_blob` nor `tx_json` included.');
  if (p.binary === true) return rpcError('notImpl', 'Not implemented.');
  let tx: Record<string, unknown>;
  if (blob !== undefined) {
    if (typeof blob !== 'string' || !/^(?:[0-9a-fA-F]{2})+$/.test(blob))
      return rpcError('invalidParams', "Invalid field 'tx_blob'.");
    try {
      tx = decode(blob) as Record<string, unknown>;
    } catch {
      return rpcError('invalidParams', "Invalid field 'tx_blob'.");
    }
  } else {
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      return rpcError('invalidParams', "Invalid field 'tx_json', not object.");
    tx = { ...(json as Record<string, unknown>) };
  }
  if (tx.TxnSignature !== undefined || tx.Signers !== undefined)
    return rpcError('transactionSigned', 'Transaction should not be signed.');
  if (typeof tx.Account !== 'string' || !isValidClassicAddress(tx.Account))
    return rpcError('srcActMalformed', 'Source account is malformed.');
  const account = l.accounts.get(tx.Account);
  // rippled's autofill: the open ledger's fee, the account's next sequence, an empty key.
  tx.Fee ??= String(l.baseFee);
  if (tx.Sequence === undefined) {
    if (!account) return rpcError('srcActNotFound', 'Source account not found.');
    tx.Sequence = account.sequence;
  }
  tx.SigningPubKey ??= '';
  const open = l.validatedLedger + 1;
  const answer = (result: EngineResult, meta?: Params) => ({
    applied: false,
    engine_result: result,
    engine_result_code: TER[result][0],
    engine_result_message: result === 'tesSUCCESS' ? SIMULATED_TES : TER[result][1],
    ledger_index: open,
    tx_json: tx,
    ...(meta ? { meta } : {}),
    status: 'success',
  });
  const pre = precheck(l, tx, false);
  if (pre) return answer(pre);
  // The dry run: the accounts copied, the rest of the ledger read as it is; nothing recorded in the real ledger.
  const accounts = new Map([...l.accounts].map(([k, v]) => [k, { ...v }]));
  const view: LedgerState = {
    accounts,
    reserveBase: l.reserveBase,
    reserveIncrement: l.reserveIncrement,
    baseFee: l.baseFee,
    validatedLedger: l.validatedLedger,
    history: new Map(),
    byHash: new Map(),
  };
  const result = apply(view, tx, '0'.repeat(64));
  return answer(result, {
    AffectedNodes: affectedNodes(l.accounts, accounts),
    TransactionIndex: 0,
    TransactionResult: result,
    ...(result === 'tesSUCCESS' ? { delivered_amount: String(tx.Amount) } : {}),
  });
}
