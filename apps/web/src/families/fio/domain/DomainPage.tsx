/**
 * The Domain page (spec 03 §2): title DOMAIN with Request and Register; the device's FIO accounts, then their domains
 * (expiry, transfer and renew) and crypto handles (the 'secux' domain first) with their mapped-address cards, the
 * bundled count with an alert under 10, Add bundled and Assign address (disabled when a device FIO account is off
 * the FIO path); the no-FIO-account notice; the register chooser (crypto handle, domain, the external free-handle
 * site with the public key). After a success: a registered domain is inserted, a renewed one re-read, a transfer
 * reloads everything, any other action reloads the handles. Request opens the request manager (payment requests:
 * new, pay through the select-account and invoice modals, reject, cancel, mark as paid).
 */
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LOW_BUNDLE_ALERT,
  shortenAddress,
  type FioDomainEntry,
  type FioRequest,
  type FioRequestContent,
} from '@secux-companion/chain-fio';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useModalSize } from '../../../components/useModalSize';
import { useRuntime } from '../../../device/runtime';
import { getFioChain, type FioChain } from '../chain';
import { ActionModal, type ActionTarget, type FioActionName } from './ActionModal';
import { AssignModal } from './AssignModal';
import { InvoiceModal } from './InvoiceModal';
import { loadFioNames, type FioDomainAccount, type FioNames } from './model';
import { RequestManager } from './RequestManager';
import { payment } from './requests';
import { SelectAccountModal, type PayingAccount } from './SelectAccountModal';

/** The external free-handle registration site; it receives the public key as a query parameter. */
export const FREE_HANDLE_URL = 'https://reg.fioprotocol.io/ref/secux';

function MappedAddresses({
  chain,
  handle,
  owner,
  canAssign,
  version,
  onRemove,
}: {
  chain: FioChain;
  handle: string;
  owner: FioDomainAccount;
  canAssign: boolean;
  version: number;
  onRemove: (m: { chainCode: string; tokenCode: string; publicAddress: string }) => void;
}) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['fio-mapped', chain.coin, handle, version],
    queryFn: () => chain.reader.publicAddresses(handle),
  });
  const list = (q.data ?? []).filter((a) => !(a.chainCode === 'FIO' && a.publicAddress === owner.address));
  if (q.isError)
    return (
      <Text size="xs" c="red">
        {t('fio.errors.mappedFailed')}
      </Text>
    );
  return (
    <Group gap="xs" data-testid={`fio-mapped-${handle}`}>
      {list.map((a) => (
        <Card key={`${a.chainCode}:${a.tokenCode}`} withBorder padding="xs" data-testid="fio-mapped-card">
          <Group gap="xs" wrap="nowrap">
            <Badge>{a.chainCode}</Badge>
            <Text size="xs" ff="monospace">
              {shortenAddress(a.publicAddress)}
            </Text>
            <Tooltip label={t('fio.assign.remove')}>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                disabled={!canAssign}
                aria-label={t('fio.assign.removeAria', { chain: a.chainCode })}
                onClick={() => onRemove(a)}
                data-testid="fio-mapped-remove"
              >
                ×
              </ActionIcon>
            </Tooltip>
          </Group>
        </Card>
      ))}
    </Group>
  );
}

export default function DomainPage() {
  const { t } = useTranslation();
  const size = useModalSize();
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
  const [assign, setAssign] = useState<{
    handle: string;
    owner: FioDomainAccount;
    remove?: { chainCode: string; tokenCode: string; publicAddress: string };
  } | null>(null);
  const [mappedVersion, setMappedVersion] = useState(0);
  const [requests, setRequests] = useState(false);
  const [pay, setPay] = useState<{
    request: FioRequest & { content: FioRequestContent };
    paying?: PayingAccount;
  } | null>(null);

  if (!device) return <Navigate to="/" replace />;
  const data = namesQ.data;

  const setNames = (fn: (d: FioNames) => FioNames) =>
    queryClient.setQueryData(['fio-names', chain?.coin], (d: FioNames | undefined) => (d ? fn(d) : d));

  const onSuccess = (name: FioActionName, detail: { domain?: string; owner: FioDomainAccount }) => {
    if (name === 'registerDomain' && detail.domain) {
      // Inserted into the list at once (the chain confirms it on the next read).
      const entry: FioDomainEntry = {
        domain: detail.domain,
        expiration: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 19),
        isPublic: false,
      };
      setNames((d) => ({ ...d, domains: [...d.domains, { ...entry, owner: detail.owner }] }));
      return;
    }
    if (name === 'renewDomain' && detail.domain) {
      void chain!.reader.names(detail.owner.address).then((n) => {
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
    // A transfer reloads accounts, domains and handles; every other action reloads the handles.
    void queryClient.invalidateQueries({ queryKey: ['fio-requests'] });
    void namesQ.refetch();
    setMappedVersion((v) => v + 1);
  };

  const noAccount = data && data.accounts.length === 0;
  const ownDomains = data?.domains.map((d) => d.domain) ?? [];
  const firstKey = data?.accounts[0]?.address;

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
      {noAccount && (
        <Alert color="yellow" data-testid="fio-no-account">
          {t('fio.domain.noAccount')}
        </Alert>
      )}
      {data && chain && data.accounts.length > 0 && (
        <>
          <Title order={4}>{t('fio.domain.domains')}</Title>
          {data.domains.length === 0 && <Text c="dimmed">{t('fio.domain.noDomains')}</Text>}
          {data.domains.map((d) => (
            <Card key={d.domain} withBorder data-testid={`fio-domain-${d.domain}`}>
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={600}>{d.domain}</Text>
                  <Text size="xs" c="dimmed" data-testid="fio-domain-expiry">
                    {t('fio.domain.expires', { date: new Date(`${d.expiration}Z`).toLocaleDateString() })}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {shortenAddress(d.owner.address)}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Tooltip label={t('fio.actions.transferDomain')}>
                    <ActionIcon
                      variant="light"
                      aria-label={t('fio.domain.transferAria', { domain: d.domain })}
                      onClick={() =>
                        setAction({ name: 'transferDomain', target: { domain: d.domain, owner: d.owner } })
                      }
                      data-testid="fio-domain-transfer"
                    >
                      ⇄
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('fio.actions.renewDomain')}>
                    <ActionIcon
                      variant="light"
                      aria-label={t('fio.domain.renewAria', { domain: d.domain })}
                      onClick={() =>
                        setAction({
                          name: 'renewDomain',
                          target: { domain: d.domain, owner: d.owner, expiration: d.expiration },
                        })
                      }
                      data-testid="fio-domain-renew"
                    >
                      ↻
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Card>
          ))}
          <Title order={4}>{t('fio.domain.handles')}</Title>
          {data.handles.length === 0 && <Text c="dimmed">{t('fio.domain.noHandles')}</Text>}
          {data.handles.map((h) => (
            <Card key={h.handle} withBorder data-testid={`fio-handle-${h.handle}`}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={2}>
                    <Text fw={600}>{h.handle}</Text>
                    <Group gap={4}>
                      <Text size="xs" data-testid="fio-bundled">
                        {t('fio.domain.bundled', { count: h.bundled })}
                      </Text>
                      {h.bundled < LOW_BUNDLE_ALERT && (
                        <Tooltip label={t('fio.domain.lowBundles')}>
                          <Text
                            size="xs"
                            c="orange"
                            role="img"
                            aria-label={t('fio.domain.lowBundles')}
                            data-testid="fio-low-bundles"
                          >
                            ⚠
                          </Text>
                        </Tooltip>
                      )}
                    </Group>
                  </Stack>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      disabled={!data.allOnFioPath}
                      onClick={() =>
                        setAction({ name: 'addBundled', target: { handle: h.handle, owner: h.owner } })
                      }
                      data-testid="fio-add-bundled"
                    >
                      {t('fio.actions.addBundled')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      disabled={!data.allOnFioPath}
                      onClick={() => setAssign({ handle: h.handle, owner: h.owner })}
                      data-testid="fio-assign"
                    >
                      {t('fio.assign.button')}
                    </Button>
                  </Group>
                </Group>
                <MappedAddresses
                  chain={chain}
                  handle={h.handle}
                  owner={h.owner}
                  canAssign={data.allOnFioPath}
                  version={mappedVersion}
                  onRemove={(m) => setAssign({ handle: h.handle, owner: h.owner, remove: m })}
                />
              </Stack>
            </Card>
          ))}
        </>
      )}
      {chooser && (
        <Modal
          opened
          onClose={() => setChooser(false)}
          size={size}
          title={t('fio.domain.register')}
          data-testid="fio-register-chooser"
        >
          <Stack>
            <Button
              onClick={() => {
                setChooser(false);
                setAction({ name: 'registerHandle', target: {} });
              }}
              data-testid="fio-register-handle"
            >
              {t('fio.cryptoHandle')}
            </Button>
            <Button
              onClick={() => {
                setChooser(false);
                setAction({ name: 'registerDomain', target: {} });
              }}
              data-testid="fio-register-domain"
            >
              {t('fio.domainWord')}
            </Button>
            {firstKey && (
              <Anchor
                href={`${FREE_HANDLE_URL}?publicKey=${encodeURIComponent(firstKey)}`}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="fio-free-handle"
              >
                {t('fio.freeHandle')}
              </Anchor>
            )}
          </Stack>
        </Modal>
      )}
      {action && chain && data && (
        <ActionModal
          chain={chain}
          action={action.name}
          accounts={data.accounts}
          ownDomains={ownDomains}
          target={action.target}
          handles={data.handles}
          onClose={() => setAction(null)}
          onSuccess={onSuccess}
        />
      )}
      {requests && !action && !pay && chain && data && (
        <RequestManager
          chain={chain}
          accounts={data.accounts}
          canRequest={data.handles.length > 0}
          onNew={() => setAction({ name: 'sendRequest', target: {} })}
          onAction={(name, request) => setAction({ name, target: { request } })}
          onPay={(request) =>
            request.content && setPay({ request: { ...request, content: request.content } })
          }
          onClose={() => setRequests(false)}
        />
      )}
      {pay && !pay.paying && payment(pay.request.content) && (
        <SelectAccountModal
          coin={payment(pay.request.content)!.coin}
          required={payment(pay.request.content)!.required}
          onChoose={(paying) => setPay({ ...pay, paying })}
          onClose={() => setPay(null)}
        />
      )}
      {pay?.paying && chain && data && (
        <InvoiceModal
          fio={chain}
          request={pay.request}
          payerAccount={
            data.accounts.find((a) => a.path === pay.request.accountPath) ??
            data.accounts.find((a) => a.address === pay.request.payerKey)!
          }
          paying={pay.paying}
          onClose={() => setPay(null)}
          onDone={() => {
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
            void namesQ.refetch();
            setMappedVersion((v) => v + 1);
          }}
        />
      )}
    </Stack>
  );
}
