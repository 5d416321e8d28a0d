/**
 * The parts of the FIO system contracts' ABIs this wallet uses (fio.token trnsfiopubky; fio.address regaddress,
 * regdomain, renewdomain, xferdomain, addbundles, addaddress, remaddress; fio.reqobt newfundsreq, rejectfndreq,
 * cancelfndreq, recordobt; fio.staking stakefio, unstakefio; eosio voteproxy), written from the public contract
 * definitions (fioprotocol/fio.contracts: fio.request.obt.abi, fio.staking.abi, and fio.system.hpp's voteproxy
 * signature — note fio.reqobt's `actor` is a string and fio.staking puts `tpid` before `actor`, as the chain does). The wallet serializes with the ABIs the
 * node answers (get_raw_abi); these are what the local simulator serves and what the tests decode with.
 */
import { Serialize } from '@fioprotocol/fiojs';
import fioAddress from '../abis/fio.address.json';
import fioToken from '../abis/fio.token.json';
import fioReqObt from '../abis/fio.reqobt.json';
import fioStaking from '../abis/fio.staking.json';
import eosio from '../abis/eosio.json';
import { fioApi, type FioRawAbi } from './tx';

export type FioContractName = 'fio.token' | 'fio.address' | 'fio.reqobt' | 'fio.staking' | 'eosio';

export const FIO_CONTRACT_ABIS: Readonly<Record<FioContractName, unknown>> = {
  'fio.token': fioToken,
  'fio.address': fioAddress,
  'fio.reqobt': fioReqObt,
  'fio.staking': fioStaking,
  eosio,
};

/** An ABI (JSON) in get_raw_abi form: the binary abi_def in base64. */
export function rawAbiFromJson(accountName: string, abi: unknown): FioRawAbi {
  const api = fioApi('0'.repeat(64), []);
  const buffer = new Serialize.SerialBuffer({
    textEncoder: new TextEncoder(),
    textDecoder: new TextDecoder(),
  });
  api.abiTypes.get('abi_def')!.serialize(buffer, abi);
  const bytes = buffer.asUint8Array();
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return { account_name: accountName, abi: btoa(bin) };
}

/** The raw ABIs of every contract above. */
export const fioContractRawAbis = (): FioRawAbi[] =>
  Object.entries(FIO_CONTRACT_ABIS).map(([name, abi]) => rawAbiFromJson(name, abi));
