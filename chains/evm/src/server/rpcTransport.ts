/** A node's JSON-RPC endpoint, a leaf module: the backend contract and the readers that use it both import it. */
export type RpcCall = { method: string; params: unknown[] };

/** A node's JSON-RPC endpoint (providers/evmRpc.ts), also used by the NFT, block-scan and approval readers. */
export interface RpcTransport {
  call<T = unknown>(method: string, params: unknown[], signal: AbortSignal): Promise<T>;
  /** Batched call; item errors are returned as ProviderError values. */
  batch(calls: RpcCall[], signal: AbortSignal): Promise<unknown[]>;
}
