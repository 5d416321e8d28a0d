/** TransferContract (type 1): TRX to another account, activating it (the create-account fee) when it is new. */
import { hex, Proto } from '../codec.js';
import type { ContractInput, ContractKind, Plan } from './contract.js';

/** The checks TRX and TRC-10 transfers share (TransferActuator / TransferAssetActuator). */
export function transferTarget(
  { s, owner, v }: ContractInput,
  self: string,
): { to: string; amount: bigint; creates: boolean; createFee: bigint } | string {
  const to = hex(v.getToAddress_asU8()).toLowerCase();
  const amount = BigInt(v.getAmount());
  if (!/^41[0-9a-f]{40}$/.test(to)) return 'Invalid toAddress!';
  if (to === owner) return self;
  if (amount <= 0n) return 'Amount must be greater than 0.';
  const creates = !s.accounts.has(to);
  // The system contract's create-account fee (the bandwidth's create-account fee is burned apart).
  const createFee = creates ? s.params.getCreateNewAccountFeeInSystemContract : 0n;
  return { to, amount, creates, createFee };
}

export const transferContract: ContractKind = {
  typeName: 'TransferContract',
  decode: (value) => Proto.TransferContract.deserializeBinary(value),
  validate(i): Plan | string {
    const t = transferTarget(i, 'Cannot transfer TRX to yourself.');
    if (typeof t === 'string') return t;
    return {
      ...t,
      needs: t.amount + t.createFee,
      apply: (_result, now) => {
        i.from.balance -= t.amount + t.createFee;
        i.s.ensure(t.to, now).balance += t.amount;
      },
    };
  },
};
