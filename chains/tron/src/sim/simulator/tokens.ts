/**
 * The simulator's TRC-20 token and TRC-10 asset, the energy a token transfer costs, and triggerconstantcontract:
 * the token's read-only calls (name, symbol, decimals, totalSupply, balanceOf) and a dry run of transfer.
 */
import { createHash } from 'node:crypto';
import { getBase58CheckAddress, hexStr2byteArray } from 'tronweb/utils';
import { num, recoverSelector, sha256, textHex, toHex41 } from './codec.js';
import { TRC20_ENERGY_EXISTING, TRC20_ENERGY_NEW_HOLDER } from './constants.js';
import type { TronState } from './state.js';

export interface TronToken20 {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
}
export interface TronAsset10 {
  id: string;
  name: string;
  abbr: string;
  precision: number;
}

/** The default TRC-20 token and TRC-10 asset. */
export const LOCAL_TRC20: TronToken20 = {
  address: getBase58CheckAddress(
    hexStr2byteArray(`41${createHash('sha256').update('secux-localnet-trc20').digest('hex').slice(0, 40)}`),
  ),
  name: 'Local Tether',
  symbol: 'LUSDT',
  decimals: 6,
};
export const LOCAL_TRC10: TronAsset10 = { id: '1000001', name: 'Local Asset', abbr: 'LTA', precision: 0 };

/** Energy of a TRC-20 transfer to `to`: more when it creates the holder's balance slot. */
export function transferEnergy(s: TronState, to: string): bigint {
  return (s.trc20.get(to) ?? 0n) > 0n ? TRC20_ENERGY_EXISTING : TRC20_ENERGY_NEW_HOLDER;
}

const word = (v: bigint) => v.toString(16).padStart(64, '0');
const abiString = (s: string) => word(32n) + word(BigInt(s.length)) + textHex(s).padEnd(64, '0');

/** The call data of a constant call: `data`, else the selector of `function_selector` and its `parameter`. */
function callData(p: Record<string, unknown>): string {
  if (typeof p.data === 'string') return p.data.toLowerCase();
  if (typeof p.function_selector === 'string') {
    const sel = Buffer.from(recoverSelector(p.function_selector)).toString('hex');
    return sel + (typeof p.parameter === 'string' ? p.parameter.toLowerCase() : '');
  }
  return '';
}

/** /wallet/triggerconstantcontract on the simulator's token. */
export function triggerConstant(s: TronState, p: Record<string, unknown>): unknown {
  const contract = toHex41(p.contract_address);
  const owner = toHex41(p.owner_address);
  if (!owner)
    return { result: { code: 'CONTRACT_VALIDATE_ERROR', message: textHex('Invalid ownerAddress') } };
  if (contract !== s.tokenHex)
    return {
      result: {
        code: 'CONTRACT_VALIDATE_ERROR',
        message: p.visible ? 'Smart contract is not exist.' : textHex('Smart contract is not exist.'),
      },
    };
  const data = callData(p);
  const txID = sha256(Buffer.from(data));
  const ok = (result: string, energy: bigint) => ({
    result: { result: true },
    energy_used: num(energy),
    constant_result: [result],
    transaction: { ret: [{}], visible: false, txID, raw_data: {} },
  });
  const revert = (message: string, energy: bigint) => ({
    result: {
      result: true,
      message: p.visible ? 'REVERT opcode executed' : textHex('REVERT opcode executed'),
    },
    energy_used: num(energy),
    constant_result: ['08c379a0' + abiString(message)],
    transaction: { ret: [{ ret: 'FAILED' }], visible: false, txID, raw_data: {} },
  });
  switch (data.slice(0, 8)) {
    case '06fdde03':
      return ok(abiString(s.token.name), 600n);
    case '95d89b41':
      return ok(abiString(s.token.symbol), 600n);
    case '313ce567':
      return ok(word(BigInt(s.token.decimals)), 300n);
    case '18160ddd':
      return ok(word([...s.trc20.values()].reduce((a, b) => a + b, 0n)), 300n);
    case '70a08231':
      return ok(word(s.trc20.get(`41${data.slice(32, 72)}`) ?? 0n), 900n);
    case 'a9059cbb': {
      const to = `41${data.slice(32, 72)}`;
      const value = BigInt(`0x${data.slice(72, 136) || '0'}`);
      const energy = transferEnergy(s, to);
      if ((s.trc20.get(owner) ?? 0n) < value) return revert('ERC20: transfer amount exceeds balance', 1_000n);
      return ok(word(1n), energy);
    }
    default:
      return revert('', 200n);
  }
}
