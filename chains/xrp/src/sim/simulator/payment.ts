/** A Payment's checks (tem, tel, tef, ter: nothing claimed) and its application in the open ledger (tes, tec). */
import type { HistoryEntry, LedgerState } from './ledgerState.js';
import { LSF_REQUIRE_DEST_TAG, RIPPLE_EPOCH, TF_PARTIAL_PAYMENT, type EngineResult } from './ter.js';
import { deriveAddress } from 'xrpl';

/** Checks before the transaction may claim a fee (tem, tel, tef, ter). */
export function precheck(
  l: LedgerState,
  tx: Record<string, unknown>,
  /** false for `simulate`: an unsigned transaction (empty SigningPubKey) is not checked for its key. */
  checkAuth = true,
): EngineResult | undefined {
  if (tx.TransactionType !== 'Payment') return 'temDISABLED';
  if (typeof tx.Fee !== 'string' || !/^\d+$/.test(tx.Fee)) return 'temBAD_FEE';
  if (typeof tx.Amount !== 'string' || !/^\d+$/.test(tx.Amount) || BigInt(tx.Amount) <= 0n)
    return 'temBAD_AMOUNT';
  if (tx.Destination === tx.Account) return 'temREDUNDANT';
  // rippled's Payment preflight, in its order: XRP to XRP (no SendMax, or an XRP one) is always direct and whole.
  const xrpDirect = tx.SendMax === undefined || typeof tx.SendMax === 'string';
  if (xrpDirect && tx.SendMax !== undefined) return 'temBAD_SEND_XRP_MAX';
  if (xrpDirect && (Number(tx.Flags ?? 0) & TF_PARTIAL_PAYMENT) !== 0) return 'temBAD_SEND_XRP_PARTIAL';
  // rippled's preclaim, in its order: checkSeqProxy, checkPriorTxAndLastLedger, checkSign, then checkFee.
  const account = l.accounts.get(String(tx.Account));
  if (!account) return 'terNO_ACCOUNT';
  const seq = Number(tx.Sequence);
  if (seq < account.sequence) return 'tefPAST_SEQ';
  if (seq > account.sequence) return 'terPRE_SEQ';
  if (typeof tx.LastLedgerSequence === 'number' && tx.LastLedgerSequence <= l.validatedLedger)
    return 'tefMAX_LEDGER';
  if ((checkAuth || tx.SigningPubKey !== '') && deriveAddress(String(tx.SigningPubKey)) !== tx.Account)
    return 'tefBAD_AUTH';
  if (BigInt(tx.Fee) < l.baseFee) return 'telINSUF_FEE_P';
  if (account.balance < BigInt(tx.Fee)) return 'terINSUF_FEE_B';
  return undefined;
}

/** Applies a checked Payment in the open ledger: tes moves the XRP, tec only claims the fee. */
export function apply(l: LedgerState, tx: Record<string, unknown>, hash: string): EngineResult {
  const from = String(tx.Account);
  const to = String(tx.Destination);
  const account = l.accounts.get(from)!;
  const fee = BigInt(String(tx.Fee));
  const amount = BigInt(String(tx.Amount));
  const dest = l.accounts.get(to);
  const reserve = l.reserveBase + l.reserveIncrement * BigInt(account.ownerCount);
  let result: EngineResult = 'tesSUCCESS';
  if (dest && dest.flags & LSF_REQUIRE_DEST_TAG && tx.DestinationTag === undefined)
    result = 'tecDST_TAG_NEEDED';
  else if (!dest && amount < l.reserveBase) result = 'tecNO_DST_INSUF_XRP';
  // rippled (Payment::doApply) compares the balance before the fee with the amount plus max(reserve, fee): the last
  // spend may take its fee out of the reserve.
  else if (account.balance < amount + (reserve > fee ? reserve : fee)) result = 'tecUNFUNDED_PAYMENT';
  account.balance -= fee;
  account.sequence += 1;
  if (result === 'tesSUCCESS') {
    account.balance -= amount;
    if (dest) dest.balance += amount;
    else
      l.accounts.set(to, {
        balance: amount,
        sequence: l.validatedLedger + 1,
        ownerCount: 0,
        flags: 0,
      });
  }
  record(l, tx, hash, result, amount);
  return result;
}

/** The applied transaction in the open ledger's history (`tx`, `account_tx` of both parties). */
function record(
  l: LedgerState,
  tx: Record<string, unknown>,
  hash: string,
  result: EngineResult,
  amount: bigint,
): void {
  const from = String(tx.Account);
  const to = String(tx.Destination);
  const ledger = l.validatedLedger + 1;
  const entry: HistoryEntry = {
    hash,
    ledger_index: ledger,
    close_time_iso: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    tx_json: {
      ...tx,
      DeliverMax: tx.Amount,
      date: Math.floor(Date.now() / 1000) - RIPPLE_EPOCH,
      ledger_index: ledger,
    },
    meta: {
      TransactionIndex: 0,
      TransactionResult: result,
      ...(result === 'tesSUCCESS' ? { delivered_amount: String(amount) } : {}),
    },
    validated: true,
  };
  delete entry.tx_json.Amount;
  l.byHash.set(hash.toUpperCase(), entry);
  for (const who of new Set([from, to])) l.history.set(who, [...(l.history.get(who) ?? []), entry]);
}
