/** The fee step's options and the recipient check (activation fee of an account not yet on chain). */
import { CHAINS } from '@secux-companion/core';
import type { FeeOptions, RecipientCheck } from '@secux-companion/chain-common';
import type { TronContext } from './context';

export async function getFees({ backend }: TronContext): Promise<FeeOptions> {
  const p = await backend.params();
  // The whole cost depends on the account and the recipient (build computes it); the tiers are the burn of a
  // plain transfer's bandwidth at the chain's price, shown only where fees are shown (TRX hides them).
  const plain = 270n * p.bandwidthPrice;
  const tier = Number(plain);
  return {
    tiers: { high: tier, medium: tier, low: tier },
    unit: 'sun',
    basis: 'perTransaction',
    accountCreationFee: p.createAccountFee + p.createNewAccountFeeInSystemContract,
    hidden: CHAINS.TRX.hiddenFee,
  };
}

export async function checkRecipient({ backend }: TronContext, address: string): Promise<RecipientCheck> {
  const [info, p] = await Promise.all([backend.account(address), backend.params()]);
  return {
    activated: info.activated,
    ...(info.activated ? {} : { creationFee: p.createAccountFee + p.createNewAccountFeeInSystemContract }),
  };
}
