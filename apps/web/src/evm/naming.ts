/** Re-exports of chain-evm's account rules used by the EVM screens. */
import { defaultEvmAccountName } from '@secux-companion/core';

export { assertEvmAccountDeletable } from '@secux-companion/chain-evm';

/** Name of account `index` of a chain the user added (shortened chain name + number, ≤ 15 characters). */
export function defaultEvmName(chainName: string, index: number): string {
  return defaultEvmAccountName(chainName, index);
}
