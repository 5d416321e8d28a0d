/** The product API routes the EVM backend uses (chains/evm/API.md lists them, with what is still missing). */
import { EVM_HISTORY_PAGE_SIZE } from '../../logic/history';

const enc = encodeURIComponent;

export const ROUTES = {
  account: (chain: string, address: string) => `/chains/${enc(chain)}/account/${enc(address)}`,
  nonce: (chain: string, address: string) => `/chains/${enc(chain)}/nonce/${enc(address)}`,
  gasLimit: (chain: string) => `/chains/${enc(chain)}/gas-limit`,
  simulate: (chain: string) => `/chains/${enc(chain)}/simulate`,
  fees: (chain: string) => `/chains/${enc(chain)}/fees`,
  tokens: (chain: string, address: string, contracts: readonly string[]) =>
    `/chains/${enc(chain)}/tokens?address=${enc(address)}&contracts=${contracts.map(enc).join(',')}`,
  history: (chain: string, address: string, cursor: string | null) =>
    `/chains/${enc(chain)}/history/${enc(address)}?pageSize=${EVM_HISTORY_PAGE_SIZE}${cursor ? `&cursor=${enc(cursor)}` : ''}`,
  broadcast: (chain: string) => `/chains/${enc(chain)}/broadcast`,
  rpc: (chain: string) => `/chains/${enc(chain)}/rpc`,
  /** The server's token list of the chain ({ code, data }; spec 02 "GET /bsc_token_list"). */
  tokenList: (chain: string) => `/chains/${enc(chain)}/token-list`,
  /** Live token approvals of an address (issue 32). */
  approvals: (chain: string, address: string) => `/chains/${enc(chain)}/approvals/${enc(address)}`,
  /** Not served yet (see API.md): NFTs held by an address. */
  nfts: (chain: string, address: string) => `/chains/${enc(chain)}/nfts/${enc(address)}`,
} as const;

/** The server chain id of a chain: the symbol, or EVM-<chainId> for a registry chain. */
export function serverChainId(symbol: string, chainId: number): string {
  return symbol === 'EVM' ? `EVM-${chainId}` : symbol;
}
