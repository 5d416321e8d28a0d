/** The fee calls: gas price and fee history through the node proxy, the /fees tiers as the BSC gas oracle. */
import type { FeeHistoryData, GasOracleData } from '../../logic/fees';
import { EvmNetworkError, dec, obj, parseFeeHistory, qty } from '../http';
import type { EvmProductApiBackend, ProductApiClient } from './client';
import { ROUTES } from './routes';

type FeeCalls = Pick<EvmProductApiBackend, 'getGasPrice' | 'getFeeHistory' | 'getGasOracle'>;

/** Wei → a Gwei decimal string without trailing zeros. */
function gwei(v: unknown, what: string): string {
  const wei = dec(v, what);
  const whole = wei / 1_000_000_000n;
  const frac = (wei % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole.toString();
}

export function feeCalls(c: ProductApiClient): FeeCalls {
  return {
    async getGasPrice() {
      return qty(await c.rpc('eth_gasPrice', []), 'eth_gasPrice');
    },

    async getFeeHistory(blocks, percentiles): Promise<FeeHistoryData | null> {
      try {
        return parseFeeHistory(
          await c.rpc('eth_feeHistory', [`0x${blocks.toString(16)}`, 'latest', [...percentiles]]),
        );
      } catch (e) {
        // A node without eth_feeHistory (pre-London chains): tiers come from eth_gasPrice.
        if (e instanceof EvmNetworkError && e.rejected) return null;
        throw e;
      }
    },

    /**
     * BSC gas oracle. The server has no gas-oracle route yet (API.md); its /fees tiers (wei, from the
     * chain's providers) stand in for Fast/Propose/Safe. null → logic's 5 Gwei fallback.
     */
    async getGasOracle(): Promise<GasOracleData | null> {
      try {
        const o = obj(await c.get(ROUTES.fees(c.chain)), 'fees');
        if (o.source === 'fallback') return null;
        const t = obj(o.tiers, 'tiers');
        return { fast: gwei(t.high, 'high'), propose: gwei(t.medium, 'medium'), safe: gwei(t.low, 'low') };
      } catch {
        return null;
      }
    },
  };
}
