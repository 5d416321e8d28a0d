/**
 * The stake flow's form (spec 03 §2 Staking, §5): the account's balances and staking state (the staking service's
 * APR, whether it votes, the default proxy), the actions to sign and the handle whose bundled transactions pay them,
 * their fee from /get_fee, and the amount typed with its problem.
 */
import { useQuery } from '@tanstack/react-query';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { parseFio } from '@secux-companion/chain-fio';
import { useState } from 'react';
import { uiLanguage } from '@secux-companion/web-kit/lib/format';
import type { FioChain } from './chain';
import type { FioAccount } from './rules';
import {
  aprText,
  payingHandle,
  stakeFormProblem,
  stakePlan,
  type StakeMode,
  type StakeStepKind,
} from './stake';

/** The staking state of an account (the staking service's APR, vote, default proxy and the unstake lock). */
export const stakingKey = (coin: string, address: string) => ['fio-staking', coin, address] as const;

/** What Next signs: the actions in order, the handle paying them, the proxy voted for and the amount. */
export interface StakeOrder {
  plan: readonly StakeStepKind[];
  handle: string;
  proxy: string;
  amount: bigint;
}

export function useStakeForm(
  chain: FioChain,
  account: FioAccount,
  descriptor: AccountDescriptor,
  mode: StakeMode,
  handles: readonly { handle: string; bundled: number }[],
) {
  const names = chain.adapter.names;
  const [amountInput, setAmountInput] = useState('');
  const staking = useQuery({
    queryKey: stakingKey(chain.coin, account.address),
    queryFn: () => names.staking(account.address),
    staleTime: 0,
  });
  const state = useQuery({
    queryKey: ['fio-stake-state', account.id],
    queryFn: () => chain.adapter.getAccountState(descriptor),
    staleTime: 0,
  });
  const plan = staking.data ? stakePlan(mode, staking.data.voted) : null;
  const handle = plan ? payingHandle(handles, plan.length) : '';
  const fees = useQuery({
    queryKey: ['fio-stake-fees', chain.coin, handle, plan?.join(',')],
    queryFn: async () => {
      const each = await Promise.all(plan!.map((kind) => names.fee(kind, handle)));
      return each.reduce((a, b) => a + b, 0n);
    },
    enabled: plan !== null,
    staleTime: 10_000,
  });

  const balances = {
    available: state.data?.available ?? 0n,
    staked: state.data?.staked ?? 0n,
  };
  const fee = fees.data ?? null;
  const problem =
    state.data && fee !== null ? stakeFormProblem(mode, amountInput, balances, fee) : ('invalid' as const);
  const canNext = !!plan && !!state.data && fee !== null && problem === null;
  const proxy = staking.data?.defaultProxy ?? '';
  const order = (): StakeOrder | null =>
    plan && problem === null ? { plan, handle, proxy, amount: parseFio(amountInput) } : null;

  return {
    mode,
    amountInput,
    setAmountInput,
    staking,
    state,
    fees,
    plan,
    handle,
    balances,
    fee,
    problem,
    canNext,
    proxy,
    apr: aprText(staking.data?.apr7d ?? null, uiLanguage()),
    order,
  };
}

export type StakeForm = ReturnType<typeof useStakeForm>;
