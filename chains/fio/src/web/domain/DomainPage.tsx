/**
 * The Domain page (spec 03 §2): title DOMAIN with Request and Register; the device's FIO accounts, then their domains
 * (expiry, transfer and renew) and crypto handles (the 'secux' domain first) with their mapped-address cards, the
 * bundled count with an alert under 10, Add bundled and Assign address (disabled when a device FIO account is off
 * the FIO path); the no-FIO-account notice, where the device's FIO accounts can be found in place (the store's
 * cryptoAccountRecover: the FIO account page's discovery); the register chooser (crypto handle, domain, the external free-handle
 * site with the public key). After a success: a registered domain is inserted, a renewed one re-read, a transfer
 * reloads everything, any other action reloads the handles. Request opens the request manager (payment requests:
 * new, pay through the select-account and invoice modals, reject, cancel, mark as paid).
 */
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FioDomainEntry, FioRequest, FioRequestContent } from '@secux-companion/chain-fio';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useRuntime } from '@secux-companion/web-kit/device/runtime';
import { errorText } from '@secux-companion/web-kit/lib/format';
import { getFioChain, type FioChain } from '../chain';
import { ActionModal, type ActionTarget, type FioActionName } from './ActionModal';
import { AssignModal } from './AssignModal';
import { InvoiceModal } from './InvoiceModal';
import { loadFioNames, recoverFioAccounts, type FioDomainAccount, type FioNames } from './model';
import { DomainCard, HandleCard, RegisterChooser, type Mapping, type OpenAction } from './NameCards';
import { RequestManager } from './RequestManager';
import { payment } from './requests';
import { SelectAccountModal, type PayingAccount } from './SelectAccountModal';

export { FREE_HANDLE_URL } from './NameCards';

type Assign = { handle: string; owner: FioDomainAccount; remove?: Mapping };
type Pay = { request: FioRequest & { content: FioRequestContent }; paying?: PayingAccount };

/**
 * After a success: a registered domain is inserted at once (the chain confirms it on the next read), a renewed one
 * re-read, a transfer reloads accounts, domains and handles, and every other action reloads the handles.
 */
function afterSuccess(
  chain: FioChain,
  queryClient: QueryClient,
  reload: () => void,
  name: FioActionName,
  detail: { domain?: string; owner: FioDomainAccount },
) {
  const setNames = (fn: (d: FioNames) => FioNames) =>
    queryClient.setQueryData(['fio-names', chain.coin], (d: FioNames | undefined) => (d ? fn(d) : d));
  if (name === 'registerDomain' && detail.domain) {
    const entry: FioDomainEntry = {
      domain: detail.domain,
      expiration: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 19),
      isPublic: false,
    };
    setNames((d) => ({ ...d, domains: [...d.domains, { ...entry, owner: detail.owner }] }));
    return;
  }
  if (name === 'renewDomain' && detail.domain) {
    void chain.reader.names(detail.owner.address).then((n) => {
      const fresh = n.domains.find((x) => x.domain === detail.domain);
      if (fresh)
        setNames((d) => ({
          ...d,
          domains: d.domains.map((x) =>
            x.domain === detail.domain ? { ...x, expiration: fresh.expiration } : x,
          ),
        }));
    });
    return;
  }
  void queryClient.invalidateQueries({ queryKey: ['fio-requests'] });
  reload();
}

/**
 * The no-FIO-account notice with the store's cryptoAccountRecover in place (spec 03 §2, §7): the device's FIO
 * accounts are found as on the FIO account page and written to the device, then the page reads them.
 */
function FindAccounts({ chain, onFound }: { chain: FioChain; onFound: () => void }) {
  const { t } = useTranslation();
  const find = useMutation({ mutationFn: () => recoverFioAccounts(chain), onSuccess: onFound });
  return (
    <Alert color="yellow" data-testid="fio-no-account">
      <Stack gap="xs">
        <Text size="sm">{t('fio.domain.noAccount')}</Text>
        {find.isSuccess && find.data === 0 && (
          <Text size="sm" role="status" data-testid="fio-none-found">
            {t('fio.domain.noneFound')}
          </Text>
        )}
        {find.isError && (
          <Text size="sm" c="red" role="alert" data-testid="fio-find-error">
            {t('fio.domain.findFailed', { message: errorText(t, find.error) })}
          </Text>
        )}
        <Group>
          <Button
            size="xs"
            onClick={() => find.mutate()}
            loading={find.isPending}
            data-testid="fio-find-accounts"
          >
            {t('fio.domain.findAccounts')}
          </Button>
        </Group>
        {find.isPending && (
          <Text size="sm" aria-live="polite">
            {t('fio.domain.finding')}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** The accounts' domains, then their crypto handles. */
function NameLists({
  chain,
  data,
  mappedVersion,
  onAction,
  onAssign,
}: {
  chain: FioChain;
  data: FioNames;
  mappedVersion: number;
  onAction: OpenAction;
  onAssign: (a: Assign) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={4}>{t('fio.domain.domains')}</Title>
      {data.domains.length === 0 && <Text c="dimmed">{t('fio.domain.noDomains')}</Text>}
      {data.domains.map((d) => (
        <DomainCard key={d.domain} entry={d} onAction={onAction} />
      ))}
      <Title order={4}>{t('fio.domain.handles')}</Title>
      {data.handles.length === 0 && <Text c="dimmed">{t('fio.domain.noHandles')}</Text>}
      {data.handles.map((h) => (
        <HandleCard
          key={h.handle}
          chain={chain}
          entry={h}
          allOnFioPath={data.allOnFioPath}
          mappedVersion={mappedVersion}
          onAction={onAction}
          onAssign={(remove) => onAssign({ handle: h.handle, owner: h.owner, ...(remove ? { remove } : {}) })}
        />
      ))}
    </>
  );
}

/** Pay a request: the paying account is chosen, then the invoice is paid and recorded. */
function PayModals({
  chain,
  data,
  pay,
  setPay,
  onPaid,
}: {
  chain: FioChain;
  data: FioNames;
  pay: Pay;
  setPay: (p: Pay | null) => void;
  onPaid: () => void;
}) {
  const due = payment(pay.request.content);
  if (!pay.paying)
    return due ? (
      <SelectAccountModal
        coin={due.coin}
        required={due.required}
        onChoose={(paying) => setPay({ ...pay, paying })}
        onClose={() => setPay(null)}
      />
    ) : null;
  return (
    <InvoiceModal
      fio={chain}
      request={pay.request}
      payerAccount={
        data.accounts.find((a) => a.path === pay.request.accountPath) ??
        data.accounts.find((a) => a.address === pay.request.payerKey)!
      }
      paying={pay.paying}
      onClose={() => setPay(null)}
      onDone={onPaid}
    />
  );
}

export default function DomainPage() {
  const { t } = useTranslation();
  const device = useRuntime((r) => r.device);
  const queryClient = useQueryClient();
  const chainQ = useQuery({ queryKey: ['fio-chain', 'FIO'], queryFn: () => getFioChain('FIO') });
  const chain = chainQ.data;
  const namesQ = useQuery({
    queryKey: ['fio-names', chain?.coin],
    queryFn: () => loadFioNames(chain!),
    enabled: !!chain && !!device,
  });
  const [chooser, setChooser] = useState(false);
  const [action, setAction] = useState<{ name: FioActionName; target: ActionTarget } | null>(null);
  const [assign, setAssign] = useState<Assign | null>(null);
  const [mappedVersion, setMappedVersion] = useState(0);
  const [requests, setRequests] = useState(false);
  const [pay, setPay] = useState<Pay | null>(null);

  if (!device) return <Navigate to="/" replace />;
  const data = namesQ.data;
  const reload = () => {
    void namesQ.refetch();
    setMappedVersion((v) => v + 1);
  };
  const openAction: OpenAction = (name, target) => setAction({ name, target });
  const noAccount = data && data.accounts.length === 0;

  return (
    <Stack p="md" data-testid="domain-page">
      <Group justify="space-between">
        <Title order={2}>{t('fio.domain.title')}</Title>
        <Group>
          <Button
            variant="default"
            onClick={() => setRequests(true)}
            disabled={!data || !!noAccount}
            data-testid="fio-request"
          >
            {t('fio.domain.request')}
          </Button>
          <Button onClick={() => setChooser(true)} disabled={!data || !!noAccount} data-testid="fio-register">
            {t('fio.domain.register')}
          </Button>
        </Group>
      </Group>
      {(chainQ.isLoading || namesQ.isLoading) && <Loader size="sm" aria-label={t('fio.loading')} />}
      {(chainQ.isError || namesQ.isError) && (
        <Alert color="red" role="alert" data-testid="fio-load-error">
          {t('fio.errors.loadFailed', { message: String((chainQ.error ?? namesQ.error) as Error) })}
        </Alert>
      )}
      {noAccount && chain && <FindAccounts chain={chain} onFound={() => void namesQ.refetch()} />}
      {data && chain && data.accounts.length > 0 && (
        <NameLists
          chain={chain}
          data={data}
          mappedVersion={mappedVersion}
          onAction={openAction}
          onAssign={setAssign}
        />
      )}
      {chooser && (
        <RegisterChooser
          firstKey={data?.accounts[0]?.address}
          onAction={(name, target) => {
            setChooser(false);
            openAction(name, target);
          }}
          onClose={() => setChooser(false)}
        />
      )}
      {action && chain && data && (
        <ActionModal
          chain={chain}
          action={action.name}
          accounts={data.accounts}
          ownDomains={data.domains.map((d) => d.domain)}
          target={action.target}
          handles={data.handles}
          onClose={() => setAction(null)}
          onSuccess={(name, detail) => afterSuccess(chain, queryClient, reload, name, detail)}
        />
      )}
      {requests && !action && !pay && chain && data && (
        <RequestManager
          chain={chain}
          accounts={data.accounts}
          canRequest={data.handles.length > 0}
          onNew={() => openAction('sendRequest', {})}
          onAction={(name, request) => openAction(name, { request })}
          onPay={(request) =>
            request.content && setPay({ request: { ...request, content: request.content } })
          }
          onClose={() => setRequests(false)}
        />
      )}
      {pay && chain && data && (
        <PayModals
          chain={chain}
          data={data}
          pay={pay}
          setPay={setPay}
          onPaid={() => {
            setPay(null);
            void queryClient.invalidateQueries({ queryKey: ['fio-requests'] });
            void namesQ.refetch();
          }}
        />
      )}
      {assign && chain && (
        <AssignModal
          chain={chain}
          handle={assign.handle}
          owner={assign.owner}
          {...(assign.remove ? { remove: assign.remove } : {})}
          onClose={() => setAssign(null)}
          onDone={() => {
            setAssign(null);
            reload();
          }}
        />
      )}
    </Stack>
  );
}
