/** /wallet/gettransactioninfobyid: a sealed transaction's fee, block and receipt ({} while it is pending). */
import { num, textHex } from '../codec.js';
import type { TronState, TxRecord } from '../state.js';

export function getTransactionInfoById(s: TronState, p: Record<string, unknown>): unknown {
  const t = s.txs.get(String(p.value ?? '').toLowerCase());
  if (!t || t.blockNumber === null) return {};
  return {
    id: t.txID,
    ...(t.fee ? { fee: num(t.fee) } : {}),
    blockNumber: t.blockNumber,
    blockTimeStamp: t.blockTimestamp,
    contractResult: [''],
    ...(t.trc20 || t.result !== 'SUCCESS' ? { contract_address: s.tokenHex } : {}),
    receipt: receipt(s, t),
    log: [],
    ...(t.result !== 'SUCCESS'
      ? {
          result: 'FAILED',
          resMessage: textHex(t.result === 'REVERT' ? 'REVERT opcode executed' : 'Not enough energy'),
        }
      : {}),
  };
}

function receipt(s: TronState, t: TxRecord): Record<string, unknown> {
  const total = t.energyUsage + t.energyFee / s.params.getEnergyFee;
  return {
    ...(t.energyUsage ? { energy_usage: num(t.energyUsage) } : {}),
    ...(t.energyFee ? { energy_fee: num(t.energyFee) } : {}),
    ...(total ? { energy_usage_total: num(total) } : {}),
    ...(t.netUsage ? { net_usage: num(t.netUsage) } : {}),
    ...(t.netFee ? { net_fee: num(t.netFee) } : {}),
    ...(t.json.raw_data.contract[0].type === 'TriggerSmartContract' ? { result: t.result } : {}),
  };
}
