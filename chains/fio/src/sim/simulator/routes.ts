/** The FIO API's POST end points (chain_api_plugin, history_plugin, FIO's getters) and the module answering each. */
import { notFound } from './errors.js';
import { pushTransaction } from './push.js';
import { getBlock, getInfo, getRawAbi } from './reads/chain.js';
import { getActions, getTransaction } from './reads/history.js';
import {
  availCheck,
  getActor,
  getFee,
  getFioAddresses,
  getFioBalance,
  getFioDomains,
  getFioNames,
  getPubAddress,
  getPubAddresses,
} from './reads/names.js';
import { getRequests } from './reads/requests.js';
import { getLocks, getTableRows } from './reads/staking.js';
import type { FioState } from './state.js';

type Route = (s: FioState, b: Record<string, unknown>) => unknown;

const ROUTES: Readonly<Record<string, Route>> = {
  '/v1/chain/get_info': getInfo,
  '/v1/chain/get_block': getBlock,
  '/v1/chain/get_raw_abi': getRawAbi,
  '/v1/chain/get_fio_balance': getFioBalance,
  '/v1/chain/get_locks': getLocks,
  '/v1/chain/get_sent_fio_requests': (s, b) => getRequests(s, 'sent', b),
  '/v1/chain/get_received_fio_requests': (s, b) => getRequests(s, 'received', b),
  '/v1/chain/get_pending_fio_requests': (s, b) => getRequests(s, 'pending', b),
  '/v1/chain/get_table_rows': getTableRows,
  '/v1/chain/get_actor': getActor,
  '/v1/chain/get_fee': getFee,
  '/v1/chain/get_fio_domains': getFioDomains,
  '/v1/chain/get_fio_addresses': getFioAddresses,
  '/v1/chain/get_fio_names': getFioNames,
  '/v1/chain/avail_check': availCheck,
  '/v1/chain/get_pub_address': getPubAddress,
  '/v1/chain/get_pub_addresses': getPubAddresses,
  '/v1/history/get_actions': getActions,
  '/v1/history/get_transaction': getTransaction,
  '/v1/chain/push_transaction': pushTransaction,
};

/** The answer of a POST to `path`; 404 Not Found for a path FIO does not serve. */
export async function route(s: FioState, path: string, b: Record<string, unknown>): Promise<unknown> {
  const r = Object.hasOwn(ROUTES, path) ? ROUTES[path] : undefined;
  if (!r) throw notFound('Not Found');
  return r(s, b);
}
