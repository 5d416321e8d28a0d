/**
 * The explorer's index of the node's blocks, read on demand: every transaction with its receipt, ERC-20 `Transfer`
 * logs (3 topics), ERC-721 `Transfer` (4 topics) and ERC-1155 `TransferSingle` / `TransferBatch`; token names.
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

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const TRANSFER_SINGLE = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62';
const TRANSFER_BATCH = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb';

export interface Tx {
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

export interface TokenTx {
  kind: 'erc20' | 'erc721' | 'erc1155';
  tx: Tx;
  logIndex: number;
  contract: string;
  from: string;
  to: string;
  value: string;
  tokenId?: string;
}

export type TokenMeta = { name: string; symbol: string; decimals: string };

type Log = { address: string; topics: readonly Hex[]; data: Hex; logIndex: number };
type Block = Awaited<ReturnType<PublicClient['getBlock']>>;
type BlockTx = Exclude<Block['transactions'][number], string>;
type Receipt = Awaited<ReturnType<PublicClient['getTransactionReceipt']>>;

const topicAddress = (t: Hex) => getAddress(`0x${t.slice(26)}`);
export const lc = (a: string) => a.toLowerCase();

const txOf = (n: number, block: Block, t: BlockTx, rc: Receipt): Tx => ({
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
});

/** The token transfers one log records (none for another event). */
function transfersOf(tx: Tx, l: Log): TokenTx[] {
  const [topic0, a, b, c] = l.topics;
  const at = { tx, logIndex: l.logIndex, contract: getAddress(l.address) };
  if (topic0 === TRANSFER && l.topics.length === 3)
    return [
      {
        kind: 'erc20',
        ...at,
        from: topicAddress(a!),
        to: topicAddress(b!),
        value: BigInt(l.data).toString(),
      },
    ];
  if (topic0 === TRANSFER && l.topics.length === 4)
    return [
      {
        kind: 'erc721',
        ...at,
        from: topicAddress(a!),
        to: topicAddress(b!),
        value: '1',
        tokenId: BigInt(c!).toString(),
      },
    ];
  if (topic0 === TRANSFER_SINGLE && l.topics.length === 4) {
    const [id, value] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], l.data);
    return [
      {
        kind: 'erc1155',
        ...at,
        from: topicAddress(b!),
        to: topicAddress(c!),
        value: value.toString(),
        tokenId: id.toString(),
      },
    ];
  }
  if (topic0 === TRANSFER_BATCH && l.topics.length === 4) {
    const [ids, values] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], l.data);
    return ids.map((id, i) => ({
      kind: 'erc1155' as const,
      ...at,
      from: topicAddress(b!),
      to: topicAddress(c!),
      value: (values[i] ?? 0n).toString(),
      tokenId: id.toString(),
    }));
  }
  return [];
}

export class ChainIndex {
  readonly txs: Tx[] = [];
  readonly transfers: TokenTx[] = [];
  /** The last block indexed. */
  indexed = -1;
  private indexing: Promise<void> | undefined;
  private readonly meta = new Map<string, TokenMeta>();

  constructor(readonly client: PublicClient) {}

  static async open(rpcUrl: string): Promise<{ ix: ChainIndex; chainId: number }> {
    const client = createPublicClient({ transport: http(rpcUrl) }) as PublicClient;
    const chainId = await client.getChainId();
    return { ix: new ChainIndex(client), chainId };
  }

  private async indexBlocks(): Promise<void> {
    const { client } = this;
    const head = Number(await client.getBlockNumber());
    for (let n = this.indexed + 1; n <= head; n++) {
      const block = await client.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
      for (const t of block.transactions) {
        const rc = await client.getTransactionReceipt({ hash: t.hash });
        const tx = txOf(n, block, t, rc);
        this.txs.push(tx);
        for (const l of rc.logs) this.transfers.push(...transfersOf(tx, l as Log));
      }
      this.indexed = n;
    }
  }

  /** Reads the blocks mined since the last call (one reader at a time). */
  async index(): Promise<void> {
    while (this.indexing) await this.indexing;
    this.indexing = this.indexBlocks().finally(() => (this.indexing = undefined));
    await this.indexing;
  }

  async metaOf(contract: string): Promise<TokenMeta> {
    const known = this.meta.get(lc(contract));
    if (known) return known;
    const read = async (functionName: 'name' | 'symbol' | 'decimals') =>
      this.client
        .readContract({ address: contract as Hex, abi: erc20Abi, functionName })
        .then((v) => String(v))
        .catch(() => (functionName === 'decimals' ? '0' : ''));
    const m = { name: await read('name'), symbol: await read('symbol'), decimals: await read('decimals') };
    this.meta.set(lc(contract), m);
    return m;
  }
}
