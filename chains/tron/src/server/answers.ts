/** What the TRON routes answer (the facade builds them, bounds.ts checks them). */
import type { AccountInfo } from '@secux-companion/server-kit/types';

/** A token of the account answer. */
export interface TronTokenAnswer {
  type: 'trc10' | 'trc20';
  contract: string;
  name: string;
  symbol: string;
  decimals: number;
  balance: string;
}

export type TronAccountAnswer = AccountInfo & {
  activated: boolean;
  resources: Record<
    'freeNetLimit' | 'freeNetUsed' | 'netLimit' | 'netUsed' | 'energyLimit' | 'energyUsed',
    string
  >;
  tokens: TronTokenAnswer[];
};

export interface TronParamsAnswer {
  chain: string;
  bandwidthPrice: string;
  energyPrice: string;
  createAccountFee: string;
  createNewAccountFeeInSystemContract: string;
  provider: string;
}
