/**
 * TriggerSmartContract (type 31): transfer(address,uint256) on the simulator's TRC-20 token; the tokens move only
 * when the call succeeds (an OUT_OF_ENERGY or REVERT receipt moves none).
 */
import { hex, Proto } from '../codec.js';
import type { ContractKind, Plan } from './contract.js';

export const triggerSmartContract: ContractKind = {
  typeName: 'TriggerSmartContract',
  decode: (value) => Proto.TriggerSmartContract.deserializeBinary(value),
  validate({ s, owner, v, feeLimit }): Plan | string {
    if (hex(v.getContractAddress_asU8()).toLowerCase() !== s.tokenHex)
      return 'No contract or not a smart contract';
    // VMActuator: the limit is the chain parameter, which the committee can change.
    const max = s.params.getMaxFeeLimit;
    if (feeLimit < 0n || feeLimit > max) return `feeLimit must be >= 0 and <= ${max}`;
    const data = hex(v.getData_asU8());
    if (data.slice(0, 8) !== 'a9059cbb' || data.length < 136)
      return 'this simulator only runs transfer(address,uint256)';
    const call = { to: `41${data.slice(32, 72)}`, value: BigInt(`0x${data.slice(72, 136)}`) };
    return {
      creates: false,
      createFee: 0n,
      call,
      apply: (result) => {
        if (result !== 'SUCCESS') return;
        s.trc20.set(owner, (s.trc20.get(owner) ?? 0n) - call.value);
        s.trc20.set(call.to, (s.trc20.get(call.to) ?? 0n) + call.value);
      },
    };
  },
};
