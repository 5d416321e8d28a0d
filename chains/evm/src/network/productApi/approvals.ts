/** The approvals call: an address's live token approvals, checked for meaning (issue 32). */
import type { EvmApproval, EvmApprovals } from '../../logic/approvals';
import { EvmNetworkError, arr, dec, int, malformed, obj, str } from '../http';
import { UINT256_MAX, type EvmProductApiBackend, type ProductApiClient } from './client';
import { ROUTES } from './routes';

/** Approvals read at most from one answer (the server checks at most 200 candidates). */
export const APPROVALS_MAX = 200;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A name as the chain gave it: a string of at most 64 characters (rendered as text, never as markup). */
function shortText(v: unknown, what: string): string {
  const s = v === undefined ? '' : str(v, what);
  if (s.length > 64) throw malformed(what);
  return s;
}

/** One approval: the kind, both addresses, the token, and an ERC-20's allowance and supply within uint256. */
function parseApproval(x: unknown): EvmApproval {
  const a = obj(x, 'approval');
  const kind = str(a.kind, 'approval kind');
  if (kind !== 'ERC20' && kind !== 'ERC721' && kind !== 'ERC1155') throw malformed('approval kind');
  const contract = str(a.contract, 'approval contract');
  const spender = str(a.spender, 'approval spender');
  if (!ADDRESS.test(contract) || !ADDRESS.test(spender)) throw malformed('approval address');
  const t = obj(a.token, 'approval token');
  const decimals = int(t.decimals, 'token decimals');
  if (decimals > 255) throw malformed('token decimals');
  const out: EvmApproval = {
    kind,
    contract,
    spender,
    token: { name: shortText(t.name, 'token name'), symbol: shortText(t.symbol, 'token symbol'), decimals },
  };
  if (a.spenderName !== undefined) out.spenderName = shortText(a.spenderName, 'spender name');
  if (kind === 'ERC20') {
    const allowance = dec(a.allowance, 'allowance');
    if (allowance <= 0n || allowance > UINT256_MAX) throw malformed('allowance');
    out.allowance = allowance;
    if (a.totalSupply !== undefined) {
      const supply = dec(a.totalSupply, 'total supply');
      if (supply < 0n || supply > UINT256_MAX) throw malformed('total supply');
      out.totalSupply = supply;
    }
  }
  return out;
}

/**
 * The server's approvals answer, checked for meaning: addresses, an ERC-20 allowance above 0 within uint256, the
 * supply within uint256, decimals 0–255, names of at most 64 characters, at most {@link APPROVALS_MAX} entries.
 */
export function parseApprovals(v: unknown): EvmApprovals {
  const o = obj(v, 'approvals');
  const list = arr(o.approvals, 'approvals');
  if (list.length > APPROVALS_MAX) throw malformed('approvals: too many');
  return {
    approvals: list.map(parseApproval),
    truncated: o.truncated === true,
    fromBlock: o.fromBlock === undefined ? 0 : int(o.fromBlock, 'fromBlock'),
  };
}

export function approvalCalls(c: ProductApiClient): Pick<EvmProductApiBackend, 'getApprovals'> {
  return {
    /** A 404 is a chain the server cannot search (no explorer or block scan): said as unavailable, not an error. */
    async getApprovals(address) {
      try {
        return parseApprovals(await c.list(ROUTES.approvals(c.chain, address)));
      } catch (e) {
        if (e instanceof EvmNetworkError && e.status === 404)
          return { approvals: [], truncated: false, fromBlock: 0, unavailable: true };
        throw e;
      }
    },
  };
}
