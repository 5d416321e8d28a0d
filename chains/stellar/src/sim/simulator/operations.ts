/**
 * A valid transaction's operations, applied on a copy of the balances: all succeed or none (tx_failed with one code
 * per operation). Supported: native payment, createAccount; anything else is op_not_supported.
 */
import { extractBaseAddress, type Operation, type Transaction } from '@stellar/stellar-sdk';
import { INT64_MAX, amount7, stroops, type Json } from './horizon.js';
import type { HorizonLedger } from './ledger.js';

export type Applied = { ok: true; records: Json[] } | { ok: false; codes: string[] };

/** The balances the operations so far would leave, and the accounts they would create. */
class Scratch {
  readonly balances = new Map<string, bigint>();
  readonly created = new Map<string, bigint>();
  readonly records: Json[] = [];

  constructor(private readonly l: HorizonLedger) {}

  bal(a: string): bigint {
    return this.balances.get(a) ?? this.l.accounts.get(a)?.balance ?? this.created.get(a) ?? 0n;
  }

  exists(a: string): boolean {
    return this.l.accounts.has(a) || this.created.has(a);
  }
}

function payment(s: Scratch, op: Operation.Payment, from: string, min: bigint): string {
  const to = extractBaseAddress(op.destination);
  const amount = stroops(op.amount);
  if (!op.asset.isNative()) return 'op_no_trust';
  if (amount <= 0n) return 'op_malformed';
  if (!s.exists(to)) return 'op_no_destination';
  if (s.bal(from) - amount < min) return 'op_underfunded';
  if (s.bal(to) + amount > INT64_MAX) return 'op_line_full';
  s.balances.set(from, s.bal(from) - amount);
  s.balances.set(to, s.bal(to) + amount);
  s.records.push({
    type: 'payment',
    type_i: 1,
    asset_type: 'native',
    from,
    to,
    amount: amount7(amount),
  });
  return 'op_success';
}

function createAccount(
  l: HorizonLedger,
  s: Scratch,
  op: Operation.CreateAccount,
  from: string,
  min: bigint,
): string {
  const to = op.destination;
  const amount = stroops(op.startingBalance);
  if (amount <= 0n || to === from) return 'op_malformed';
  if (s.exists(to)) return 'op_already_exists';
  if (amount < 2n * l.baseReserve) return 'op_low_reserve';
  if (s.bal(from) - amount < min) return 'op_underfunded';
  s.balances.set(from, s.bal(from) - amount);
  s.created.set(to, amount);
  s.records.push({
    type: 'create_account',
    type_i: 0,
    starting_balance: amount7(amount),
    funder: from,
    account: to,
  });
  return 'op_success';
}

export function applyOperations(l: HorizonLedger, tx: Transaction, source: string): Applied {
  const s = new Scratch(l);
  const codes: string[] = [];
  let failed = false;
  for (const op of tx.operations) {
    const from = extractBaseAddress(op.source ?? source);
    const fromAccount = l.accounts.get(from);
    const min = fromAccount ? l.minimumBalance(fromAccount) : 2n * l.baseReserve;
    const code =
      op.type === 'payment'
        ? payment(s, op, from, min)
        : op.type === 'createAccount'
          ? createAccount(l, s, op, from, min)
          : 'op_not_supported';
    if (code !== 'op_success') failed = true;
    codes.push(code);
  }
  if (failed) return { ok: false, codes };
  for (const [a, b] of s.balances) {
    const acc = l.accounts.get(a);
    if (acc) acc.balance = b;
  }
  for (const [a, b] of s.created) {
    const final = s.balances.get(a) ?? b;
    l.accounts.set(a, {
      balance: final,
      sequence: BigInt(l.ledger + 1) << 32n,
      subentries: 0,
      data: {},
    });
  }
  return { ok: true, records: s.records };
}
