/**
 * The Domain page's cards (spec 03 §2): a domain with its expiry and owner, Transfer and Renew; a crypto handle with
 * its bundled count (an alert under 10), Add bundled and Assign address (disabled when a device FIO account is off
 * the FIO path) and its mapped-address cards; and the register chooser (crypto handle, domain, the external
 * free-handle site with the public key).
 */
import { ActionIcon, Anchor, Badge, Button, Card, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  LOW_BUNDLE_ALERT,
  shortenAddress,
  type FioDomainEntry,
  type FioHandleEntry,
} from '@secux-companion/chain-fio';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import type { FioChain } from '../chain';
import type { ActionTarget, FioActionName } from './actions';
import type { FioDomainAccount } from './model';

/** The external free-handle registration site; it receives the public key as a query parameter. */
export const FREE_HANDLE_URL = 'https://reg.fioprotocol.io/ref/secux';

/** A mapping on a handle: the chain and token codes and the address. */
export type Mapping = { chainCode: string; tokenCode: string; publicAddress: string };

/** Opens an action of the action modal. */
export type OpenAction = (name: FioActionName, target: ActionTarget) => void;

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
  onRemove: (m: Mapping) => void;
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

export function DomainCard({
  entry: d,
  onAction,
}: {
  entry: FioDomainEntry & { owner: FioDomainAccount };
  onAction: OpenAction;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid={`fio-domain-${d.domain}`}>
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
              onClick={() => onAction('transferDomain', { domain: d.domain, owner: d.owner })}
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
                onAction('renewDomain', { domain: d.domain, owner: d.owner, expiration: d.expiration })
              }
              data-testid="fio-domain-renew"
            >
              ↻
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Card>
  );
}

/** The bundled count, with an alert under LOW_BUNDLE_ALERT. */
function Bundled({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      <Text size="xs" data-testid="fio-bundled">
        {t('fio.domain.bundled', { count })}
      </Text>
      {count < LOW_BUNDLE_ALERT && (
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
  );
}

export function HandleCard({
  chain,
  entry: h,
  allOnFioPath,
  mappedVersion,
  onAction,
  onAssign,
}: {
  chain: FioChain;
  entry: FioHandleEntry & { owner: FioDomainAccount };
  /** Every device FIO account is on the FIO path (Add bundled and Assign need it). */
  allOnFioPath: boolean;
  mappedVersion: number;
  onAction: OpenAction;
  /** Assign an address, or remove `remove`. */
  onAssign: (remove?: Mapping) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid={`fio-handle-${h.handle}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2}>
            <Text fw={600}>{h.handle}</Text>
            <Bundled count={h.bundled} />
          </Stack>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              disabled={!allOnFioPath}
              onClick={() => onAction('addBundled', { handle: h.handle, owner: h.owner })}
              data-testid="fio-add-bundled"
            >
              {t('fio.actions.addBundled')}
            </Button>
            <Button
              size="xs"
              variant="light"
              disabled={!allOnFioPath}
              onClick={() => onAssign()}
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
          canAssign={allOnFioPath}
          version={mappedVersion}
          onRemove={(m) => onAssign(m)}
        />
      </Stack>
    </Card>
  );
}

/** Register: a crypto handle, a domain, or a free handle on the external site (with the first account's key). */
export function RegisterChooser({
  firstKey,
  onAction,
  onClose,
}: {
  firstKey: string | undefined;
  onAction: OpenAction;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  return (
    <Modal
      opened
      onClose={onClose}
      size={size}
      title={t('fio.domain.register')}
      data-testid="fio-register-chooser"
    >
      <Stack>
        <Button onClick={() => onAction('registerHandle', {})} data-testid="fio-register-handle">
          {t('fio.cryptoHandle')}
        </Button>
        <Button onClick={() => onAction('registerDomain', {})} data-testid="fio-register-domain">
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
  );
}
