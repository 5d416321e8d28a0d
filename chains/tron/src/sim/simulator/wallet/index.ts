/**
 * The full node's HTTP API (`/wallet/*`) and the solidity node's (`/walletsolidity/*`, java-tron's SolidityNode
 * servlets; TronGrid serves it on the same host): the same answers, but the solidity node's only from solidified
 * blocks — `getnowblock` is the newest solidified block, `gettransactioninfobyid` is `{}` until the transaction's
 * block is solidified.
 */
import type { TronState } from '../state.js';
import { triggerConstant } from '../tokens.js';
import { getAccount, getAccountResource } from './account.js';
import { broadcastHex, broadcastTransaction } from './broadcast.js';
import { blockAnswer, getAssetIssueById, getChainParameters, getNowBlock } from './chain.js';
import { getTransactionInfoById } from './txinfo.js';

type Method = (s: TronState, p: Record<string, unknown>) => unknown;

const WALLET: Readonly<Record<string, Method>> = {
  getaccount: getAccount,
  getaccountresource: getAccountResource,
  getnowblock: getNowBlock,
  getchainparameters: getChainParameters,
  getassetissuebyid: getAssetIssueById,
  triggerconstantcontract: triggerConstant,
  broadcasthex: broadcastHex,
  broadcasttransaction: broadcastTransaction,
  gettransactioninfobyid: getTransactionInfoById,
};

/** The full node's answer to `method`; undefined for a method it does not serve. */
export function wallet(s: TronState, method: string, p: Record<string, unknown>): unknown {
  const m = Object.hasOwn(WALLET, method) ? WALLET[method] : undefined;
  return m ? m(s, p) : undefined;
}

/** The solidity node's answer to `method`; undefined for a method it does not serve. */
export function solidity(s: TronState, method: string, p: Record<string, unknown>): unknown {
  const solid = s.solidHead;
  switch (method) {
    case 'getnowblock':
      return blockAnswer(solid, s.blocks[s.blocks.indexOf(solid) - 1]);
    case 'gettransactioninfobyid': {
      const t = s.txs.get(String(p.value ?? '').toLowerCase());
      if (!t || t.blockNumber === null || t.blockNumber > solid.number) return {};
      return getTransactionInfoById(s, p);
    }
    default:
      return undefined;
  }
}
