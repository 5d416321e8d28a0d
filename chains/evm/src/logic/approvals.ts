/**
 * The approvals manager's rules (issue 32): what an approval is once read, how its amount is said, and the
 * transaction that ends it.
 */
import type { TransferIntent } from './tx';

/** A live approval of the account, as the server found it on the chain. */
export interface EvmApproval {
  kind: 'ERC20' | 'ERC721' | 'ERC1155';
  /** The token or collection contract (checksummed). */
  contract: string;
  /** The spender (ERC-20) or operator (NFT) allowed to move the account's tokens. */
  spender: string;
  /** A listed name of the spender (shown beside the address, never instead of it). */
  spenderName?: string;
  /** ERC-20: the allowance now, base units (> 0). */
  allowance?: bigint;
  /** ERC-20: the token's supply now, when it answers. */
  totalSupply?: bigint;
  token: { name: string; symbol: string; decimals: number };
}

export interface EvmApprovals {
  approvals: EvmApproval[];
  /** The search stopped at its caps: older approvals may be missing. */
  truncated: boolean;
  /** The first block searched (0: the whole chain). */
  fromBlock: number;
  /** The server has no source that searches this chain's events (no explorer or block scan configured). */
  unavailable?: boolean;
}

/**
 * How an ERC-20 allowance is said:
 * - 'unlimited': the all-ones value of a 96- to 256-bit integer (what "approve max" sends; tokens with 96-bit
 *   balances such as UNI and COMP take 2^96 − 1 as infinite), or at least 2^255 (a max allowance a token lowers on
 *   each transferFrom);
 * - 'aboveSupply': more than the token's whole supply (the spender can take everything the account will ever hold
 *   at this supply);
 * - 'amount': the number itself.
 */
export function allowanceKind(
  a: Pick<EvmApproval, 'allowance' | 'totalSupply'>,
): 'unlimited' | 'aboveSupply' | 'amount' {
  const v = a.allowance ?? 0n;
  if (v >= 2n ** 255n) return 'unlimited';
  for (let bits = 96n; bits < 256n; bits += 8n) if (v === 2n ** bits - 1n) return 'unlimited';
  if (a.totalSupply !== undefined && a.totalSupply > 0n && v > a.totalSupply) return 'aboveSupply';
  return 'amount';
}

/** The transaction that ends it: approve(spender, 0) for a token, setApprovalForAll(operator, false) for NFTs. */
export function revokeIntent(a: Pick<EvmApproval, 'kind' | 'contract' | 'spender'>): TransferIntent {
  return {
    kind: 'revoke',
    standard: a.kind === 'ERC20' ? 'ERC20' : 'NFT',
    contract: a.contract,
    to: a.spender,
  };
}

/** A stable key of an approval (list rows, test ids). */
export const approvalKey = (a: Pick<EvmApproval, 'kind' | 'contract' | 'spender'>) =>
  `${a.kind}:${a.contract}:${a.spender}`.toLowerCase();
