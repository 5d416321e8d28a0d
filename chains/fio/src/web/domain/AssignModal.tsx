/**
 * Add or remove a mapped address on a handle (spec 03 §2, §4, §5): a chain and an account are required (chains from
 * the device's account table, FIO and contract accounts excluded; the account's chain id must match the chain), then
 * a confirm modal; the action uses a bundled transaction (max_fee 0). A cancel on the device closes the confirm modal
 * and reopens the assign modal; a device signature error (DATA_ERROR, TransferError) is a 3 s toast 'Signature error
 * from Device', any other failure one with 'Can not add or delete address'. The push posts its transaction log.
 */
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { CHAINS, isChainSymbol, type ChainSymbol } from '@secux-companion/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import { pushFioAction } from '../actionLog';
import type { FioChain } from '../chain';
import { loadFamily } from '@secux-companion/web-kit/state/families';
import { deviceFailure, type FioDomainAccount } from './model';
import { fioDescriptor } from './model';

/** How long the failure toast stays (spec 03 §9). */
export const TOAST_MS = 3000;

interface Candidate {
  symbol: ChainSymbol;
  name: string;
  path: string;
  chainId: number;
}

async function candidates(): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (const a of await currentDevice().getAccounts()) {
    if (a.contract || !isChainSymbol(a.symbol)) continue;
    const symbol = a.symbol;
    if (CHAINS[symbol].family === 'fio') continue;
    const want = (CHAINS[symbol] as { chainId?: number }).chainId;
    if (want !== undefined && a.chainId !== want) continue;
    out.push({ symbol, name: a.name, path: a.path, chainId: a.chainId });
  }
  return out;
}

/** The receive address of a device account through its family. */
async function addressOf(c: Candidate): Promise<string> {
  const family = await loadFamily(c.symbol);
  const chain = await family.loadChain(c.symbol);
  const m = /^m\/(\d+)'\/\d+'\/(\d+)'/.exec(c.path);
  const account = await family.fromDevice(chain, c.symbol, {
    index: Number(m?.[2] ?? 0),
    bip: Number(m?.[1] ?? 44) as never,
    name: c.name,
  });
  return (await family.receiveTarget(chain, account)).address;
}

/** A failure toast that closes itself after TOAST_MS. */
function useToast() {
  const [toast, setToast] = useState<string | null>(null);
  useEffect(() => {
    if (!toast) return;
    const id = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(id);
  }, [toast]);
  return [toast, setToast] as const;
}

type Mapping = { chainCode: string; tokenCode: string; publicAddress: string };

/** The confirm modal: the chain and address added to or removed from the handle, paid by a bundled transaction. */
function AssignConfirm({
  handle,
  mapping,
  removing,
  busy,
  onRun,
  onClose,
}: {
  handle: string;
  mapping: Mapping;
  removing: boolean;
  busy: boolean;
  onRun: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  return (
    <Modal
      opened
      onClose={onClose}
      size={size}
      title={t('fio.assign.confirmTitle')}
      data-testid="fio-assign-confirm"
    >
      <Stack>
        <Text>
          {t(removing ? 'fio.assign.confirmRemove' : 'fio.assign.confirmAdd', {
            chain: mapping.chainCode,
            handle,
          })}
        </Text>
        <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid="fio-assign-address">
          {mapping.publicAddress}
        </Text>
        <Text size="xs" c="dimmed">
          {t('fio.assign.bundleNote')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('fio.cancel')}
          </Button>
          <Button onClick={onRun} loading={busy} data-testid="fio-assign-run">
            {t('fio.confirmOnDevice')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The assign modal: a chain, then one of the device's accounts on it. */
function AssignChoose({
  handle,
  list,
  symbol,
  setSymbol,
  path,
  setPath,
  busy,
  onNext,
  onClose,
}: {
  handle: string;
  list: UseQueryResult<Candidate[]>;
  symbol: string | null;
  setSymbol: (symbol: string | null) => void;
  path: string | null;
  setPath: (path: string | null) => void;
  busy: boolean;
  onNext: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const symbols = [...new Set((list.data ?? []).map((c) => c.symbol))];
  const accounts = (list.data ?? []).filter((c) => c.symbol === symbol);
  return (
    <Modal
      opened
      onClose={onClose}
      size={size}
      title={t('fio.assign.title', { handle })}
      data-testid="fio-assign-modal"
    >
      <Stack>
        <Select
          label={t('fio.assign.chain')}
          data={symbols}
          value={symbol}
          onChange={setSymbol}
          placeholder={list.isLoading ? t('fio.loading') : undefined}
          data-testid="fio-assign-chain"
        />
        <Select
          label={t('fio.assign.account')}
          data={accounts.map((a) => ({ value: a.path, label: `${a.name} (${a.path})` }))}
          value={path}
          onChange={setPath}
          disabled={!symbol}
          data-testid="fio-assign-account"
        />
        {list.isSuccess && symbols.length === 0 && <Text size="sm">{t('fio.assign.noAccounts')}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('fio.cancel')}
          </Button>
          <Button onClick={onNext} disabled={!symbol || !path} loading={busy} data-testid="fio-assign-next">
            {t('fio.next')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function AssignModal({
  chain,
  handle,
  owner,
  remove,
  onClose,
  onDone,
}: {
  chain: FioChain;
  handle: string;
  owner: FioDomainAccount;
  /** Remove this mapping instead of adding one. */
  remove?: Mapping;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: ['fio-assign-candidates'], queryFn: candidates, enabled: !remove });
  const [symbol, setSymbol] = useState<string | null>(null);
  const [path, setPath] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Mapping | null>(remove ?? null);
  const [busy, setBusy] = useState(false);
  const [toast, setToast] = useToast();

  const accounts = (list.data ?? []).filter((c) => c.symbol === symbol);
  const pick = async () => {
    const c = accounts.find((a) => a.path === path);
    if (!c) return;
    setBusy(true);
    try {
      const publicAddress = await addressOf(c);
      setConfirming({ chainCode: c.symbol, tokenCode: c.symbol, publicAddress });
    } catch {
      setToast(t('fio.errors.assignFailed'));
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      const built = await chain.adapter.names.build(fioDescriptor(chain, owner), {
        kind: remove ? 'removePublicAddresses' : 'addPublicAddress',
        handle,
        ...confirming,
      });
      let signature: string;
      try {
        signature = await currentDevice().signFio(built.signRequest.path, built.signRequest.sigData);
      } catch (e) {
        const f = deviceFailure(e);
        if (f.cancelled) {
          // Reopens the assign modal.
          setConfirming(remove ?? null);
          if (remove) onClose();
          return;
        }
        // DATA_ERROR / TransferError: the catalogue's 'Signature error from Device' (spec 03 §8).
        if (f.key) {
          setToast(t(f.key));
          return;
        }
        throw e;
      }
      await pushFioAction(chain.adapter.names, chain.coin, built, signature);
      onDone();
    } catch {
      setToast(t('fio.errors.assignFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {toast && (
        <Alert
          color="red"
          title={t('fio.toastTitle')}
          role="alert"
          data-testid="fio-assign-toast"
          style={{ position: 'fixed', top: 16, right: 16, zIndex: 1000 }}
        >
          {toast}
        </Alert>
      )}
      {confirming ? (
        <AssignConfirm
          handle={handle}
          mapping={confirming}
          removing={!!remove}
          busy={busy}
          onRun={() => void run()}
          onClose={onClose}
        />
      ) : (
        <AssignChoose
          handle={handle}
          list={list}
          symbol={symbol}
          setSymbol={(v) => {
            setSymbol(v);
            setPath(null);
          }}
          path={path}
          setPath={setPath}
          busy={busy}
          onNext={() => void pick()}
          onClose={onClose}
        />
      )}
    </>
  );
}
