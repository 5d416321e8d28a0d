/** The calls that run a transaction or a call against the chain: gas estimate, simulation, eth_call. */
import type { Hex } from 'viem';
import type { EvmCallRequest, EvmSimulation } from '../../logic/adapter';
import { arr, dec, hexData, malformed, obj, str } from '../http';
import { UINT256_MAX, type EvmProductApiBackend, type ProductApiClient } from './client';
import { ROUTES } from './routes';

type SimulationCalls = Pick<EvmProductApiBackend, 'estimateGas' | 'simulate' | 'ethCall'>;

/** The most transfers a simulation answer may list (the server's SIM_TRANSFERS_MAX). */
const SIM_TRANSFERS_MAX = 64;

/** The server's simulation answer, checked: gas used within the limit, at most 64 transfers, amounts uint256. */
export function parseEvmSimulation(v: unknown, gasLimit: bigint): EvmSimulation {
  const o = obj(v, 'simulation');
  if (o.available === false) return { available: false };
  if (o.available !== true) throw malformed('available');
  if (o.status === 'failed')
    return { available: true, status: 'failed', error: str(o.error, 'error').slice(0, 300) };
  if (o.status !== 'success') throw malformed('status');
  const gasUsed = dec(o.gasUsed, 'gasUsed');
  const gasPrice = dec(o.gasPrice, 'gasPrice');
  if (gasUsed < 0n || gasUsed > gasLimit) throw malformed('gasUsed');
  if (gasPrice < 0n || gasPrice > UINT256_MAX) throw malformed('gasPrice');
  const list = arr(o.transfers, 'transfers');
  if (list.length > SIM_TRANSFERS_MAX) throw malformed('transfers');
  const address = (x: unknown, what: string) => {
    const a = str(x, what);
    if (!/^0x[0-9a-f]{40}$/.test(a)) throw malformed(what);
    return a;
  };
  return {
    available: true,
    status: 'success',
    gasUsed,
    gasPrice,
    transfers: list.map((t, i) => {
      const e = obj(t, `transfers[${i}]`);
      const amount = dec(e.amount, `transfers[${i}].amount`);
      if (amount < 0n || amount > UINT256_MAX) throw malformed(`transfers[${i}].amount`);
      return {
        token: e.token === null ? null : address(e.token, `transfers[${i}].token`),
        from: address(e.from, `transfers[${i}].from`),
        to: address(e.to, `transfers[${i}].to`),
        amount,
      };
    }),
  };
}

export function simulationCalls(c: ProductApiClient): SimulationCalls {
  const { chain } = c;
  return {
    async estimateGas(call: EvmCallRequest) {
      const body = {
        ...(call.from ? { from: call.from } : {}),
        to: call.to,
        ...(call.value !== undefined ? { value: call.value.toString() } : {}),
        ...(call.data && call.data !== '0x' ? { data: call.data } : {}),
      };
      return dec(obj(await c.post(ROUTES.gasLimit(chain), body), 'gas-limit').gasLimit, 'gasLimit');
    },

    async simulate(tx) {
      return parseEvmSimulation(
        await c.post(ROUTES.simulate(chain), {
          from: tx.from,
          to: tx.to,
          value: tx.value.toString(),
          data: tx.data,
          gas: tx.gas.toString(),
          nonce: tx.nonce,
          ...('gasPrice' in tx.fee
            ? { gasPrice: tx.fee.gasPrice.toString() }
            : {
                maxFeePerGas: tx.fee.maxFeePerGas.toString(),
                maxPriorityFeePerGas: tx.fee.maxPriorityFeePerGas.toString(),
              }),
        }),
        tx.gas,
      );
    },

    async ethCall(to, data: Hex) {
      return hexData(await c.rpc('eth_call', [{ to, data }, 'latest']), 'eth_call');
    },
  };
}
