/** /wallet/getaccount and /wallet/getaccountresource: an account's balances, stakes and resource usage. */
import { num, toBase58, toHex41 } from '../codec.js';
import { DAY_MS } from '../constants.js';
import type { TronState } from '../state.js';

type Params = Record<string, unknown>;
const INVALID = { Error: 'class java.lang.IllegalArgumentException : Invalid address' };

export function getAccount(s: TronState, p: Params): unknown {
  const h = toHex41(p.address);
  if (!h) return INVALID;
  const a = s.account(h);
  if (!a) return {};
  return {
    address: p.visible === true ? toBase58(h) : h,
    ...(a.balance ? { balance: num(a.balance) } : {}),
    create_time: a.createTime,
    ...(a.freeNetUsed ? { free_net_usage: num(a.freeNetUsed) } : {}),
    net_window_size: DAY_MS,
    account_resource: { energy_window_size: DAY_MS },
    frozenV2: [
      {},
      { type: 'ENERGY', ...(a.energyLimit ? { amount: num(a.energyLimit) * 10 } : {}) },
      { type: 'TRON_POWER' },
    ],
    ...(a.assets.size ? { assetV2: [...a.assets].map(([key, value]) => ({ key, value: num(value) })) } : {}),
  };
}

export function getAccountResource(s: TronState, p: Params): unknown {
  const h = toHex41(p.address);
  if (!h) return INVALID;
  const a = s.account(h);
  if (!a) return {};
  const f = (k: string, v: bigint) => (v ? { [k]: num(v) } : {});
  return {
    ...f('freeNetUsed', a.freeNetUsed),
    freeNetLimit: num(s.params.getFreeNetLimit),
    ...f('NetUsed', a.netUsed),
    ...f('NetLimit', a.netLimit),
    ...f('EnergyUsed', a.energyUsed),
    ...f('EnergyLimit', a.energyLimit),
    TotalNetLimit: 43_200_000_000,
    TotalNetWeight: 68_305_209_098,
    TotalEnergyLimit: 180_000_000_000,
    TotalEnergyWeight: 2_411_528_185,
  };
}
