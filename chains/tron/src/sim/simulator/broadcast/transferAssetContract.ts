/** TransferAssetContract (type 2): the simulator's TRC-10 asset to another account. */
import { Proto } from '../codec.js';
import type { ContractKind, Plan } from './contract.js';
import { transferTarget } from './transferContract.js';

export const transferAssetContract: ContractKind = {
  typeName: 'TransferAssetContract',
  decode: (value) => Proto.TransferAssetContract.deserializeBinary(value),
  validate(i): Plan | string {
    const t = transferTarget(i, 'Cannot transfer asset to yourself.');
    if (typeof t === 'string') return t;
    const { s, from } = i;
    const assetId = Buffer.from(i.v.getAssetName_asU8()).toString('utf8');
    if (assetId !== s.asset.id) return 'No asset!';
    if ((from.assets.get(assetId) ?? 0n) < t.amount) return 'assetBalance is not sufficient.';
    return {
      ...t,
      needs: t.createFee,
      apply: (_result, now) => {
        from.balance -= t.createFee;
        from.assets.set(assetId, (from.assets.get(assetId) ?? 0n) - t.amount);
        const dest = s.ensure(t.to, now);
        dest.assets.set(assetId, (dest.assets.get(assetId) ?? 0n) + t.amount);
      },
    };
  },
};
