/**
 * An Etherscan-compatible explorer over a local EVM node (anvil), so that the mainnet profile's explorer paths —
 * history, token discovery, NFTs, the gas oracle, the proxy module — meet a chain instead of a hand-written fake. It
 * answers at `/v2/api` (Etherscan API V2: `chainid` must be the node's) and `/api`, in Etherscan's shapes
 * (shared/reference/apis/ethereum-jsonrpc-etherscan.md): `{status:"1", message:"OK", result}`, decimal strings,
 * `{status:"0", message:"No transactions found", result: []}` for an empty list, NOTOK with the reason in `result`
 * otherwise; the proxy module as JSON-RPC (`{jsonrpc, id, result | error}`).
 *
 * It indexes the node's blocks on demand (each request first reads the blocks mined since the last one): every
 * transaction with its receipt, ERC-20 `Transfer` logs (3 topics), ERC-721 `Transfer` (4 topics) and ERC-1155
 * `TransferSingle` / `TransferBatch`; the logs module passes getLogs to the node. A stand-in's behaviour (providers/etherscan.ts) adds
 * the key, the rate limit and the free plan's chain coverage in front of it.
 *
 * Its parts live in ./etherscanExplorer/: the chain index, the answer shapes, the account module, proxy and gas oracle.
 */
import { serve } from '@secux-companion/sim-kit';
import { account } from './etherscanExplorer/account.js';
import { notok } from './etherscanExplorer/answers.js';
import { ChainIndex } from './etherscanExplorer/chainIndex.js';
import { logs } from './etherscanExplorer/logs.js';
import { gasOracle, proxy } from './etherscanExplorer/proxy.js';

export interface EtherscanExplorer {
  /** Base of the API; the server's CHAIN_<SYM>_EXPLORER is `${url}/v2/api`. */
  url: string;
  stop(): Promise<void>;
}

/** One request's answer: the path, the V2 chain id, then the module. */
async function answer(ix: ChainIndex, chainId: number, rpcUrl: string, path: string, q: URLSearchParams) {
  if (path !== '/api' && path !== '/v2/api') return notok('Error! Not found');
  if (path === '/v2/api' && q.get('chainid') !== String(chainId))
    return notok(q.get('chainid') ? 'Invalid chainid' : 'Missing chainid parameter (required for v2 api)');
  await ix.index();
  const module = q.get('module') ?? '';
  const action = q.get('action') ?? '';
  return module === 'account'
    ? await account(ix, action, q)
    : module === 'proxy'
      ? await proxy(rpcUrl, action, q)
      : module === 'gastracker' && action === 'gasoracle'
        ? await gasOracle(ix.client)
        : module === 'logs'
          ? await logs(rpcUrl, action, q)
          : notok('Error! Missing Or invalid Module name');
}

export async function startEtherscanExplorer(o: {
  rpcUrl: string;
  host?: string;
  port?: number;
}): Promise<EtherscanExplorer> {
  const { ix, chainId } = await ChainIndex.open(o.rpcUrl);
  const served = await serve({
    ports: [o.port ?? 0],
    host: o.host ?? '127.0.0.1',
    handle: async (req, body, res) => {
      const u = new URL(req.url ?? '/', 'http://explorer');
      const q = new URLSearchParams(u.search);
      if (req.method === 'POST') for (const [k, v] of new URLSearchParams(body)) q.set(k, v);
      const a = await answer(ix, chainId, o.rpcUrl, u.pathname, q);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(a));
    },
  });
  return { url: served.urls[0]!, stop: served.stop };
}
