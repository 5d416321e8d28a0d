/**
 * The energy a TRC-20 transfer of the simulator's token costs, and triggerconstantcontract:
 * the token's read-only calls (name, symbol, decimals, totalSupply, balanceOf) and a dry run of transfer.
 */
import { num, recoverSelector, sha256, textHex, toHex41 } from './codec.js';
import { TRC20_ENERGY_EXISTING, TRC20_ENERGY_NEW_HOLDER } from './constants.js';
import type { TronState } from './state.js';

export { LOCAL_TRC10, LOCAL_TRC20, type TronAsset10, type TronToken20 } from './localTokens.js';

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
