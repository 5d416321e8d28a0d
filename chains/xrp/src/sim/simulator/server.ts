/** `fee`, `server_state`, `server_info` and `ledger_closed`: the server's view of the ledger and its fees. */
import type { XrplLedger } from './ledger.js';
import { RIPPLE_EPOCH, ledgerHash, type Params } from './ter.js';

export function fee(l: XrplLedger): Params {
  return {
    current_ledger_size: '0',
    current_queue_size: String(l.held.length),
    drops: {
      base_fee: String(l.baseFee),
      median_fee: String(l.baseFee * 500n),
      minimum_fee: String(l.baseFee),
      open_ledger_fee: String(l.baseFee),
    },
    expected_ledger_size: '1000',
    ledger_current_index: l.validatedLedger + 1,
    levels: {
      median_level: '128000',
      minimum_level: '256',
      open_ledger_level: '256',
      reference_level: '256',
    },
    max_queue_size: '2000',
    status: 'success',
  };
}

export function serverState(l: XrplLedger): Params {
  return {
    state: {
      server_state: 'full',
      complete_ledgers: `1-${l.validatedLedger}`,
      load_base: 256,
      load_factor: 256,
      validated_ledger: ledgerShape(l, false),
    },
    status: 'success',
  };
}

export function serverInfo(l: XrplLedger): Params {
  return {
    info: {
      server_state: 'full',
      complete_ledgers: `1-${l.validatedLedger}`,
      load_factor: 1,
      validated_ledger: ledgerShape(l, true),
    },
    status: 'success',
  };
}

export function ledgerClosed(l: XrplLedger): Params {
  return {
    ledger_hash: ledgerHash(l.validatedLedger),
    ledger_index: l.validatedLedger,
    status: 'success',
  };
}

/** The validated ledger as server_info (amounts in XRP) or server_state (drops, with close_time) shows it. */
function ledgerShape(l: XrplLedger, xrp: boolean): Params {
  const close_time = Math.floor(Date.now() / 1000) - RIPPLE_EPOCH;
  const hash = ledgerHash(l.validatedLedger);
  const seq = l.validatedLedger;
  return xrp
    ? {
        age: 0,
        base_fee_xrp: Number(l.baseFee) / 1e6,
        hash,
        reserve_base_xrp: Number(l.reserveBase) / 1e6,
        reserve_inc_xrp: Number(l.reserveIncrement) / 1e6,
        seq,
      }
    : {
        base_fee: Number(l.baseFee),
        close_time,
        hash,
        reserve_base: Number(l.reserveBase),
        reserve_inc: Number(l.reserveIncrement),
        seq,
      };
}
