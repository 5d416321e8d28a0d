/** The `account` module: balance, tokenbalance, txlist, tokentx / tokennfttx / token1155tx. */
import { erc20Abi, type Hex } from 'viem';
import { none, notok, ok, pageOf, txItem } from './answers.js';
import { lc, type ChainIndex } from './chainIndex.js';

async function tokenBalance(ix: ChainIndex, address: string | undefined, contract: string | undefined) {
  if (!contract) return notok('Error! Missing Or invalid Module name');
  const code = await ix.client.getCode({ address: contract as Hex });
  if (!code || code === '0x') return notok('Error! Invalid contract address format');
  const bal = await ix.client.readContract({
    address: contract as Hex,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address as Hex],
  });
  return ok(bal.toString());
}

function txList(ix: ChainIndex, address: string | undefined, q: URLSearchParams, head: number) {
  const mine = ix.txs
    .filter((t) => lc(t.from) === address || lc(t.to) === address || lc(t.contractAddress) === address)
    .map((tx) => ({ tx }));
  const page = pageOf(mine, q);
  return page.length ? ok(page.map((x) => txItem(x.tx, head))) : none;
}

async function tokenTxs(
  ix: ChainIndex,
  action: 'tokentx' | 'tokennfttx' | 'token1155tx',
  address: string | undefined,
  contract: string | undefined,
  q: URLSearchParams,
  head: number,
) {
  const kind = action === 'tokentx' ? 'erc20' : action === 'tokennfttx' ? 'erc721' : 'erc1155';
  const list = ix.transfers.filter(
    (t) =>
      t.kind === kind &&
      (!address || lc(t.from) === address || lc(t.to) === address) &&
      (!contract || lc(t.contract) === contract),
  );
  const page = pageOf(list, q);
  if (!page.length) return none;
  const items = [];
  for (const t of page) {
    const m = await ix.metaOf(t.contract);
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

export async function account(ix: ChainIndex, action: string, q: URLSearchParams): Promise<unknown> {
  const address = q.get('address')?.toLowerCase();
  const contract = q.get('contractaddress')?.toLowerCase();
  if (address !== undefined && !/^0x[0-9a-f]{40}$/.test(address))
    return notok('Error! Invalid address format');
  const head = ix.indexed;
  switch (action) {
    case 'balance':
      return ok((await ix.client.getBalance({ address: address as Hex })).toString());
    case 'tokenbalance':
      return tokenBalance(ix, address, contract);
    case 'txlist':
      return txList(ix, address, q, head);
    case 'tokentx':
    case 'tokennfttx':
    case 'token1155tx':
      return tokenTxs(ix, action, address, contract, q, head);
    default:
      return notok('Error! Missing Or invalid Action name');
  }
}
