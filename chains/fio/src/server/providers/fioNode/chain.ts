/** The chain's reads: fees, info, blocks, ABIs, name availability and a handle's public addresses. */
import { orEmpty, type NodeOp } from './client.js';
import { Avail, Block, Fee, Info, PubAddresses, PubOne, RawAbi } from './shapes.js';

export const fee: NodeOp<'fee'> = async (n, endPoint, fioAddress, signal) =>
  (await n.post('/v1/chain/get_fee', { end_point: endPoint, fio_address: fioAddress }, Fee, signal)).fee;

export const info: NodeOp<'info'> = async (n, signal) => {
  const i = await n.post('/v1/chain/get_info', {}, Info, signal);
  return {
    chainId: i.chain_id,
    headBlockNum: i.head_block_num,
    lastIrreversibleBlockNum: i.last_irreversible_block_num,
  };
};

export const block: NodeOp<'block'> = async (n, num, signal) => {
  const b = await n.post('/v1/chain/get_block', { block_num_or_id: num }, Block, signal);
  return { blockNum: b.block_num, id: b.id, timestamp: b.timestamp };
};

export const rawAbi: NodeOp<'rawAbi'> = (n, account, signal) =>
  n.post('/v1/chain/get_raw_abi', { account_name: account }, RawAbi, signal);

export const availCheck: NodeOp<'availCheck'> = async (n, name, signal) =>
  (await n.post('/v1/chain/avail_check', { fio_name: name }, Avail, signal)).is_registered === 1;

export const publicAddresses: NodeOp<'publicAddresses'> = async (n, handle, signal) => {
  const r = await orEmpty(
    n.post(
      '/v1/chain/get_pub_addresses',
      { fio_address: handle, limit: 100, offset: 0 },
      PubAddresses,
      signal,
    ),
    { public_addresses: [] },
  );
  return r.public_addresses;
};

export const publicAddress: NodeOp<'publicAddress'> = async (n, handle, chainCode, tokenCode, signal) => {
  const r = await orEmpty(
    n.post(
      '/v1/chain/get_pub_address',
      { fio_address: handle, chain_code: chainCode, token_code: tokenCode },
      PubOne,
      signal,
    ),
    null,
  );
  return r?.public_address ?? null;
};
