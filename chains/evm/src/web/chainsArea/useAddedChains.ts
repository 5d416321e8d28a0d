import type { AddedEvmChain } from '@secux-companion/chain-evm';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteBlockIssue, showDeleteBlocked } from '@secux-companion/web-kit/accounts/AccountForm';
import { errorText } from '@secux-companion/web-kit/lib/format';
import { readAddedChains, recoverAddedChains, refreshChain, writeAddedChains } from './addedChains';

interface ChainsTask {
  (): Promise<AddedEvmChain[]>;
}

/** The refreshed RPC state and balances merged into what is stored now: a chain or account added meanwhile is kept. */
function mergeRefreshed(stored: AddedEvmChain[], refreshed: AddedEvmChain[]): AddedEvmChain[] {
  return stored.map((c) => {
    const r = refreshed.find((x) => x.chainId === c.chainId);
    if (!r) return c;
    return {
      ...c,
      hasValidRpc: r.hasValidRpc,
      accounts: c.accounts.map((a) => ({
        ...a,
        balance: r.accounts.find((x) => x.index === a.index)?.balance ?? a.balance,
      })),
    };
  });
}

/**
 * The added EVM chains with their accounts: recovered from the device and refreshed on mount, `refresh` to read the
 * balances again, `act` to run a change (add a chain or an account, delete one) and show its failure.
 */
export function useAddedChains() {
  const { t } = useTranslation();
  const [chains, setChains] = useState<AddedEvmChain[]>(() => readAddedChains());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const refresh = async (list = readAddedChains()) => {
    setBusy(true);
    try {
      const refreshed = await Promise.all(list.map(refreshChain));
      // Read after the refresh: what was stored meanwhile is kept.
      const merged = mergeRefreshed(readAddedChains(), refreshed);
      writeAddedChains(merged);
      setChains(merged);
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    // Chains and accounts found on the device join the list, then balances are read through each chain's RPCs.
    recoverAddedChains()
      .catch((e: unknown) => {
        console.warn('EVM chain recovery failed', e);
        return readAddedChains();
      })
      .then((list) => refresh(list))
      .catch((e: unknown) => console.warn('refresh failed', e));
  }, []);

  const act = async (f: ChainsTask) => {
    setFailure(null);
    setBusy(true);
    try {
      const next = await f();
      setChains(
        next.map((c) => ({
          ...c,
          hasValidRpc: chains.find((x) => x.chainId === c.chainId)?.hasValidRpc ?? true,
        })),
      );
    } catch (e) {
      // A refused delete: 'Can not delete an active account' is a toast (spec 01 §6), err-11 an alert.
      const blocked = deleteBlockIssue(e);
      if (blocked) showDeleteBlocked(t, blocked);
      else setFailure(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  return { chains, busy, failure, refresh, act };
}
