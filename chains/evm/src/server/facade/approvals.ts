/**
 * The EVM facade's approvals (issue 32): the owner's approval events from a provider that searches logs (a block scan
 * of a node, an Etherscan-style explorer), then the live state of each candidate read from the chain now (an RPC or
 * the scan's node). Both answers are bounded here before use.
 */
import { UINT256_MAX, amount, outOfBounds } from '@secux-companion/server-kit/bounds';
import { ChainApiError, having } from '@secux-companion/server-kit/failover';
import {
  APPROVAL_MAX_CANDIDATES,
  spenderName,
  type ApprovalCandidate,
  type ApprovalEntry,
  type ApprovalLogs,
  type ApprovalState,
} from '../approvals.js';
import type { EvmContext } from './context.js';

export interface ApprovalsAnswer {
  chain: string;
  owner: string;
  approvals: ApprovalEntry[];
  /** The first block searched (0: the whole chain). */
  fromBlock: number;
  /** The caps were reached: older approvals may be missing. */
  truncated: boolean;
  provider: string;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function checkLogs(v: ApprovalLogs): void {
  if (v.candidates.length > APPROVAL_MAX_CANDIDATES) outOfBounds('approval candidates', v.candidates.length);
  if (!Number.isSafeInteger(v.fromBlock) || v.fromBlock < 0) outOfBounds('fromBlock', v.fromBlock);
  for (const c of v.candidates)
    if (!ADDRESS.test(c.contract) || !ADDRESS.test(c.spender)) outOfBounds('approval address', c);
}

/** The states answer only candidates that were asked, live ones only, within uint256. */
function checkStates(asked: readonly ApprovalCandidate[]) {
  return (states: ApprovalState[]): void => {
    if (states.length > asked.length) outOfBounds('approval states', states.length);
    for (const s of states) {
      if (!asked.includes(s.candidate)) outOfBounds('approval state', s.candidate);
      if (s.candidate.kind === 'ERC20') {
        if (s.allowance === undefined || s.allowance <= 0n) outOfBounds('allowance', s.allowance);
        amount(s.allowance.toString(), UINT256_MAX, 'allowance');
        if (s.totalSupply !== undefined) amount(s.totalSupply.toString(), UINT256_MAX, 'total supply');
      }
      const d = s.token.decimals;
      if (!Number.isInteger(d) || d < 0 || d > 255) outOfBounds('token decimals', d);
    }
  };
}

export async function approvals(c: EvmContext, owner: string): Promise<ApprovalsAnswer> {
  const chain = c.cfg.chain;
  if (!having(await c.providers(), 'getApprovalLogs').length)
    throw new ChainApiError(
      404,
      'not_configured',
      `token approvals are not available on ${chain}: no explorer or block scan is configured`,
      { chain, feature: 'approvals', reason: 'no_provider', settings: [...(c.cfg.historySettings ?? [])] },
    );
  const logs = await c.run('getApprovalLogs', 'approvals', (p, s) => p.getApprovalLogs(owner, s), checkLogs, {
    cls: 'history',
  });
  const asked = logs.value.candidates;
  const states = asked.length
    ? (
        await c.run(
          'checkApprovals',
          'approval checks',
          (p, s) => p.checkApprovals(owner, asked, s),
          checkStates(asked),
        )
      ).value
    : [];
  return {
    chain,
    owner,
    approvals: states.map((s): ApprovalEntry => {
      const name = spenderName(c.cfg.chainId, s.candidate.spender);
      return {
        kind: s.candidate.kind === 'ERC20' ? 'ERC20' : (s.schema ?? 'ERC721'),
        contract: s.candidate.contract,
        spender: s.candidate.spender,
        ...(name ? { spenderName: name } : {}),
        ...(s.allowance !== undefined ? { allowance: s.allowance.toString() } : {}),
        ...(s.totalSupply !== undefined ? { totalSupply: s.totalSupply.toString() } : {}),
        token: s.token,
      };
    }),
    fromBlock: logs.value.fromBlock,
    truncated: logs.value.truncated,
    provider: logs.provider,
  };
}
