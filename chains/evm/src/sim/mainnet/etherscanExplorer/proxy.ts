/** The `proxy` module (JSON-RPC passed to the node) and the `gastracker` module's gas oracle. */
import type { PublicClient } from 'viem';
import { notok, ok } from './answers.js';

export async function proxy(rpcUrl: string, action: string, q: URLSearchParams): Promise<unknown> {
  const rpc = async (method: string, params: unknown[]) => {
    const r = await fetch(rpcUrl, {
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

export async function gasOracle(client: PublicClient): Promise<unknown> {
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
