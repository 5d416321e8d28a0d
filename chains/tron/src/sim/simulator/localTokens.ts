/** The simulator's TRC-20 token and TRC-10 asset: their shapes and the defaults. A leaf of simulator/. */
import { createHash } from 'node:crypto';
import { getBase58CheckAddress, hexStr2byteArray } from 'tronweb/utils';

export interface TronToken20 {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
}
export interface TronAsset10 {
  id: string;
  name: string;
  abbr: string;
  precision: number;
}

/** The default TRC-20 token and TRC-10 asset. */
export const LOCAL_TRC20: TronToken20 = {
  address: getBase58CheckAddress(
    hexStr2byteArray(`41${createHash('sha256').update('secux-localnet-trc20').digest('hex').slice(0, 40)}`),
  ),
  name: 'Local Tether',
  symbol: 'LUSDT',
  decimals: 6,
};
export const LOCAL_TRC10: TronAsset10 = { id: '1000001', name: 'Local Asset', abbr: 'LTA', precision: 0 };
