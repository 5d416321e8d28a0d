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
 * `TransferSingle` / `TransferBatch`. A stand-in's behaviour (providers/etherscan.ts) adds
 * the key, the rate limit and the free plan's chain coverage in front of it.
 */
import {
  createPublicClient,
  decodeAbiParameters,
  erc20Abi,
  getAddress,
  http,
  type Hex,
  type PublicClient,
} from 'viem';
import { serve } from '@secux-companion/sim-kit';

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const TRANSFER_SINGLE = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62';
const TRANSFER_BATCH = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb';

interface Tx {
  blockNumber: number;
  timeStamp: number;
  hash: string;
  nonce: number;
  from: string;
  to: string;
  value: string;
  gas: string;
  gasPrice: string;
  gasUsed: string;
  status: 'success' | 'reverted';
  contractAddress: string;
  input: string;
  index: number;
}

interface TokenTx {
  kind: 'erc20' | 'erc721' | 'erc1155';
  tx: Tx;
  logIndex: number;
  contract: string;
  from: string;
  to: string;
  value: string;
  tokenId?: string;
}

export interface EtherscanExplorer {
  /** Base of the API; the server's CHAIN_<SYM>_EXPLORER is `${url}/v2/api`. */
  url: string;
  stop(): Promise<void>;
}

const topicAddress = (t: Hex) => getAddress(`0x${t.slice(26)}`);
const lc = (a: string) => a.toLowerCase();

export async function startEtherscanExplorer(o: {
  rpcUrl: string;
  host?: string;
  port?: number;
}): Promise<EtherscanExplorer> {
  const client = createPublicClient({ transport: http(o.rpcUrl) }) as PublicClient;
  const chainId = await client.getChainId();
  const txs: Tx[] = [];
  const transfers: TokenTx[] = [];
  const meta = new Map<string, { name: string; symbol: string; decimals: string }>();
  let indexed = -1;
  let indexing: Promise<void> | undefined;

  async function indexBlocks(): Promise<void> {
    const head = Number(await client.getBlockNumber());
    for (let n = indexed + 1; n <= head; n++) {
      const block = await client.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
      for (const t of block.transactions) {
        const rc = await client.getTransactionReceipt({ hash: t.hash });
        const tx: Tx = {
          blockNumber: n,
          timeStamp: Number(block.timestamp),
          hash: t.hash,
          nonce: t.nonce,
          from: t.from,
          to: t.to ?? '',
          value: t.value.toString(),
          gas: t.gas.toString(),
          gasPrice: (rc.effectiveGasPrice ?? t.gasPrice ?? 0n).toString(),
          gasUsed: rc.gasUsed.toString(),
          status: rc.status,
          contractAddress: rc.contractAddress ?? '',
          input: t.input,
          index: t.transactionIndex ?? 0,
        };
        txs.push(tx);
        for (const l of rc.logs) {
          const [topic0, a, b, c] = l.topics as Hex[];
          if (topic0 === TRANSFER && l.topics.length === 3)
            transfers.push({
              kind: 'erc20',
              tx,
              logIndex: l.logIndex,
              contract: getAddress(l.address),
              from: topicAddress(a!),
              to: topicAddress(b!),
              value: BigInt(l.data).toString(),
            });
          else if (topic0 === TRANSFER && l.topics.length === 4)
            transfers.push({
              kind: 'erc721',
              tx,
              logIndex: l.logIndex,
              contract: getAddress(l.address),
              from: topicAddress(a!),
              to: topicAddress(b!),
              value: '1',
              tokenId: BigInt(c!).toString(),
            });
          else if (topic0 === TRANSFER_SINGLE && l.topics.length === 4) {
            const [id, value] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], l.data);
            transfers.push({
              kind: 'erc1155',
              tx,
              logIndex: l.logIndex,
              contract: getAddress(l.address),
              from: topicAddress(b!),
              to: topicAddress(c!),
              value: value.toString(),
              tokenId: id.toString(),
            });
          } else if (topic0 === TRANSFER_BATCH && l.topics.length === 4) {
            const [ids, values] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], l.data);
            ids.forEach((id, i) =>
              transfers.push({
                kind: 'erc1155',
                tx,
                logIndex: l.logIndex,
                contract: getAddress(l.address),
                from: topicAddress(b!),
                to: topicAddress(c!),
                value: (values[i] ?? 0n).toString(),
                tokenId: id.toString(),
              }),
            );
          }
        }
      }
      indexed = n;
    }
  }
  const index = async () => {
    while (indexing) await indexing;
    indexing = indexBlocks().finally(() => (indexing = undefined));
    await indexing;
  };

  async function metaOf(contract: string) {
    const known = meta.get(lc(contract));
    if (known) return known;
    const read = async (functionName: 'name' | 'symbol' | 'decimals') =>
      client
        .readContract({ address: contract as Hex, abi: erc20Abi, functionName })
        .then((v) => String(v))
        .catch(() => (functionName === 'decimals' ? '0' : ''));
    const m = { name: await read('name'), symbol: await read('symbol'), decimals: await read('decimals') };
    meta.set(lc(contract), m);
    return m;
  }

  const ok = (result: unknown) => ({ status: '1', message: 'OK', result });
  const notok = (result: string) => ({ status: '0', message: 'NOTOK', result });
  const none = { status: '0', message: 'No transactions found', result: [] };

  /** Sort (blockNumber asc/desc), block range and page/offset as Etherscan applies them. */
  function pageOf<T extends { tx: Tx; logIndex?: number }>(list: T[], q: URLSearchParams): T[] {
    const start = Number(q.get('startblock') ?? 0);
    const end = Number(q.get('endblock') ?? Number.MAX_SAFE_INTEGER);
    const desc = q.get('sort') === 'desc';
    const sorted = list
      .filter((x) => x.tx.blockNumber >= start && x.tx.blockNumber <= end)
      .sort(
        (x, y) =>
          x.tx.blockNumber - y.tx.blockNumber ||
          x.tx.index - y.tx.index ||
          (x.logIndex ?? 0) - (y.logIndex ?? 0),
      );
    if (desc) sorted.reverse();
    const page = Math.max(1, Number(q.get('page') ?? 1) || 1);
    const offset = Math.max(0, Number(q.get('offset') ?? 0) || 0);
    return offset ? sorted.slice((page - 1) * offset, page * offset) : sorted;
  }

  const txItem = (t: Tx, head: number) => ({
    blockNumber: String(t.blockNumber),
    timeStamp: String(t.timeStamp),
    hash: t.hash,
    nonce: String(t.nonce),
    transactionIndex: String(t.index),
    from: lc(t.from),
    to: lc(t.to),
    value: t.value,
    gas: t.gas,
    gasPrice: t.gasPrice,
    isError: t.status === 'success' ? '0' : '1',
    txreceipt_status: t.status === 'success' ? '1' : '0',
    input: t.input,
    contractAddress: lc(t.contractAddress),
    gasUsed: t.gasUsed,
    confirmations: String(head - t.blockNumber + 1),
  });

  async function account(action: string, q: URLSearchParams): Promise<unknown> {
    const address = q.get('address')?.toLowerCase();
    const contract = q.get('contractaddress')?.toLowerCase();
    if (address !== undefined && !/^0x[0-9a-f]{40}$/.test(address))
      return notok('Error! Invalid address format');
    const head = indexed;
    switch (action) {
      case 'balance':
        return ok((await client.getBalance({ address: address as Hex })).toString());
      case 'tokenbalance': {
        if (!contract) return notok('Error! Missing Or invalid Module name');
        const code = await client.getCode({ address: contract as Hex });
        if (!code || code === '0x') return notok('Error! Invalid contract address format');
        const bal = await client.readContract({
          address: contract as Hex,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address as Hex],
        });
        return ok(bal.toString());
      }
      case 'txlist': {
        const mine = txs
          .filter((t) => lc(t.from) === address || lc(t.to) === address || lc(t.contractAddress) === address)
          .map((tx) => ({ tx }));
        const page = pageOf(mine, q);
        return page.length ? ok(page.map((x) => txItem(x.tx, head))) : none;
      }
      case 'tokentx':
      case 'tokennfttx':
      case 'token1155tx': {
        const kind = action === 'tokentx' ? 'erc20' : action === 'tokennfttx' ? 'erc721' : 'erc1155';
        const list = transfers.filter(
          (t) =>
            t.kind === kind &&
            (!address || lc(t.from) === address || lc(t.to) === address) &&
            (!contract || lc(t.contract) === contract),
        );
        const page = pageOf(list, q);
        if (!page.length) return none;
        const items = [];
        for (const t of page) {
          const m = await metaOf(t.contract);
          items.push({
            ...txItem(t.tx, head),
            from: lc(t.from),
            to: lc(t.to),
            contractAddress: lc(t.contract),
            tokenName: m.name,
            tokenSymbol: m.symbol,
            ...(kind === 'erc20'
              ? { value: t.value, tokenDecimal: m.decimals }
              : { tokenID: t.tokenId!, tokenDecimal: '0', value: undefined }),
            ...(kind === 'erc1155' ? { tokenValue: t.value } : {}),
          });
        }
        return ok(items);
      }
      default:
        return notok('Error! Missing Or invalid Action name');
    }
  }

  async function proxy(action: string, q: URLSearchParams): Promise<unknown> {
    const rpc = async (method: string, params: unknown[]) => {
      const r = await fetch(o.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      return r.json();
    };
    const tag = q.get('tag') ?? 'latest';
    switch (action) {
      case 'eth_chainId':
      case 'eth_blockNumber':
      case 'eth_gasPrice':
        return rpc(action, []);
      case 'eth_getTransactionCount':
        return rpc(action, [q.get('address'), tag]);
      case 'eth_sendRawTransaction':
        return rpc(action, [q.get('hex')]);
      case 'eth_getTransactionByHash':
      case 'eth_getTransactionReceipt':
        return rpc(action, [q.get('txhash')]);
      case 'eth_estimateGas': {
        const call: Record<string, string> = {};
        for (const k of ['from', 'to', 'value', 'data', 'gas', 'gasPrice']) {
          const v = q.get(k);
          if (v) call[k] = v;
        }
        return rpc(action, [call]);
      }
      default:
        return notok('Error! Missing Or invalid Action name');
    }
  }

  async function gasOracle(): Promise<unknown> {
    const block = await client.getBlock();
    const base = block.baseFeePerGas ?? (await client.getGasPrice());
    const gwei = (wei: bigint) => {
      const s = wei.toString().padStart(10, '0');
      return `${s.slice(0, -9)}.${s.slice(-9)}`.replace(/\.?0+$/, '') || '0';
    };
    return ok({
      LastBlock: block.number.toString(),
      SafeGasPrice: gwei(base + 1_000_000_000n),
      ProposeGasPrice: gwei(base + 1_500_000_000n),
      FastGasPrice: gwei(base + 2_000_000_000n),
      suggestBaseFee: gwei(base),
      gasUsedRatio: '0.5',
    });
  }

  const served = await serve({
    ports: [o.port ?? 0],
    host: o.host ?? '127.0.0.1',
    handle: async (req, body, res) => {
      const u = new URL(req.url ?? '/', 'http://explorer');
      const q = new URLSearchParams(u.search);
      if (req.method === 'POST') for (const [k, v] of new URLSearchParams(body)) q.set(k, v);
      let answer: unknown;
      if (u.pathname !== '/api' && u.pathname !== '/v2/api') answer = notok('Error! Not found');
      else if (u.pathname === '/v2/api' && q.get('chainid') !== String(chainId))
        answer = notok(
          q.get('chainid') ? 'Invalid chainid' : 'Missing chainid parameter (required for v2 api)',
        );
      else {
        await index();
        const module = q.get('module') ?? '';
        const action = q.get('action') ?? '';
        answer =
          module === 'account'
            ? await account(action, q)
            : module === 'proxy'
              ? await proxy(action, q)
              : module === 'gastracker' && action === 'gasoracle'
                ? await gasOracle()
                : notok('Error! Missing Or invalid Module name');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    },
  });
  return { url: served.urls[0]!, stop: served.stop };
}
