import type { WalletAccount } from '@secux-companion/web-kit/family/types';

/** An EVM account: one address per account (m/44'/60'/{index}'), on a native chain or a chain the user added. */
export interface EvmAccount extends WalletAccount {
  address: string;
}
