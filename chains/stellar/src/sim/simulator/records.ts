/** Horizon's resources read from the state: the root, the latest ledger, fee stats and an account. */
import { INT64_MAX, amount7, isoNow, type Json } from './horizon.js';
import type { HorizonLedger, StellarSimAccount } from './ledger.js';

/** GET /: the versions, the latest ledger and the network passphrase. */
export function rootRecord(l: HorizonLedger): Json {
  return {
    horizon_version: 'localnet-simulator',
    core_version: 'localnet-simulator',
    history_latest_ledger: l.ledger,
    core_latest_ledger: l.ledger,
    network_passphrase: l.networkPassphrase,
    current_protocol_version: 23,
  };
}

/** GET /fee_stats: every percentile of the charged and offered fees at the base fee. */
export function feeStats(l: HorizonLedger): Json {
  const f = l.baseFee.toString();
  const dist = Object.fromEntries(
    ['max', 'min', 'mode', 'p10', 'p20', 'p30', 'p40', 'p50', 'p60', 'p70', 'p80', 'p90', 'p95', 'p99'].map(
      (k) => [k, f],
    ),
  );
  return {
    last_ledger: String(l.ledger),
    last_ledger_base_fee: f,
    ledger_capacity_usage: '0.01',
    fee_charged: dist,
    max_fee: dist,
  };
}

/** The last closed ledger as /ledgers lists it. */
export function ledgerRecord(l: HorizonLedger): Json {
  return {
    id: l.ledger.toString(16).padStart(64, '0'),
    paging_token: String(BigInt(l.ledger) << 32n),
    hash: l.ledger.toString(16).padStart(64, '0'),
    sequence: l.ledger,
    successful_transaction_count: 0,
    failed_transaction_count: 0,
    operation_count: 0,
    closed_at: isoNow(),
    total_coins: '105443902087.3472865',
    fee_pool: '0.0000000',
    base_fee_in_stroops: Number(l.baseFee),
    base_reserve_in_stroops: Number(l.baseReserve),
    max_tx_set_size: 1000,
    protocol_version: 23,
  };
}

/** GET /accounts/{id}: sequence, subentries, the trust lines and then the native balance, signer, data entries. */
export function accountRecord(l: HorizonLedger, id: string, a: StellarSimAccount): Json {
  return {
    id,
    account_id: id,
    sequence: a.sequence.toString(),
    sequence_ledger: l.ledger,
    subentry_count: a.subentries,
    last_modified_ledger: l.ledger,
    num_sponsoring: 0,
    num_sponsored: 0,
    thresholds: { low_threshold: 0, med_threshold: 0, high_threshold: 0 },
    flags: {
      auth_required: false,
      auth_revocable: false,
      auth_immutable: false,
      auth_clawback_enabled: false,
    },
    // Horizon lists the trust lines first, the native balance last.
    balances: [
      ...(a.trustlines ?? []).map((t) => ({
        balance: amount7(t.balance),
        limit: amount7(t.limit ?? INT64_MAX),
        buying_liabilities: '0.0000000',
        selling_liabilities: '0.0000000',
        last_modified_ledger: l.ledger,
        is_authorized: true,
        is_authorized_to_maintain_liabilities: true,
        asset_type: t.code.length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12',
        asset_code: t.code,
        asset_issuer: t.issuer,
      })),
      {
        balance: amount7(a.balance),
        buying_liabilities: '0.0000000',
        selling_liabilities: '0.0000000',
        asset_type: 'native',
      },
    ],
    signers: [{ weight: 1, key: id, type: 'ed25519_public_key' }],
    data: a.data,
    paging_token: id,
  };
}
