/** The chain's own getters: get_info, get_block, get_raw_abi. */
import { refBlockPrefix } from '@secux-companion/chain-fio';
import { fioTime } from '../constants.js';
import { chainError } from '../errors.js';
import type { FioState } from '../state.js';

export function getInfo(s: FioState): unknown {
  const head = s.blocks.at(-1)!;
  return {
    server_version: 'fio-simulator',
    chain_id: s.chainId,
    head_block_num: head.num,
    last_irreversible_block_num: s.lib(),
    head_block_id: head.id,
    head_block_time: fioTime(head.time),
  };
}

export function getBlock(s: FioState, b: Record<string, unknown>): unknown {
  const n = Number(b.block_num_or_id);
  const block = s.blocks.find((x) => x.num === n || x.id === b.block_num_or_id);
  if (!block) throw chainError('unknown_block_exception', 3100002, 'Could not find block');
  return {
    block_num: block.num,
    id: block.id,
    timestamp: block.time.toISOString().slice(0, 23),
    ref_block_prefix: refBlockPrefix(block.id),
    transactions: [],
  };
}

export function getRawAbi(s: FioState, b: Record<string, unknown>): unknown {
  const abi = s.abis.find((a) => a.account_name === b.account_name);
  if (!abi) throw chainError('unknown_account', 0, 'unknown account');
  return { account_name: abi.account_name, code_hash: '', abi_hash: '', abi: abi.abi };
}
