/** Re-exports of chain-evm's account rules used by the EVM screens, plus the name and delete rules. */
import {
  defaultAccountName,
  defaultEvmAccountName,
  validateAccountName,
  type Issue,
} from '@secux-companion/core';
import type { EvmChain } from '../chains';

export { assertEvmAccountDeletable } from '@secux-companion/chain-evm';

/** Name of account `index` of a chain the user added (shortened chain name + number, ≤ 15 characters). */
export function defaultEvmName(chainName: string, index: number): string {
  return defaultEvmAccountName(chainName, index);
}

/** Name of account `index` on this chain (native: 'Ethereum 1'; a chain the user added: shortened chain name). */
export function evmAccountName(chain: Pick<EvmChain, 'spec'>, index: number): string {
  return chain.spec.symbol === 'EVM'
    ? defaultEvmName(chain.spec.name, index)
    : defaultAccountName(chain.spec.symbol, index, 44);
}

/** Core's name rules (1-15 characters, allowed characters, unique on the chain): err-38, err-29, err-25. */
export function evmAccountNameIssue(
  name: string,
  accounts: readonly { id: string; name: string }[],
  current?: { id: string; name: string },
): Issue | undefined {
  return validateAccountName(
    name,
    accounts.filter((a) => a.id !== current?.id).map((a) => a.name),
    current?.name,
  );
}

/** The index a new account takes on the chain and the account it follows: the account-based families' rules. */
export {
  nextAccountIndex as nextEvmAccountIndex,
  previousAccountOf as previousEvmAccount,
} from '@secux-companion/web-kit/accounts/indexes';

/**
 * Deleting a native EVM account (spec 01 §4): only with zero balance, no enabled tokens and no
 * transaction history. A balance gives 'Can not delete an active account' ('active'); tokens or history
 * give err-11 (with the token type).
 */
export function evmDeleteBlock(
  symbol: string,
  a: { balance: bigint; txCount: number; enabledTokens: number },
): 'active' | Issue | undefined {
  if (a.balance > 0n) return 'active';
  if (a.enabledTokens > 0 || a.txCount > 0) return { code: 'err-11', params: { tokenType: symbol } };
  return undefined;
}
