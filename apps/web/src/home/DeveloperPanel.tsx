import { Code, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDeviceInfo } from '@secux-companion/web-kit/state/deviceInfo';
import { useSession } from '../state/session';
import { isWalletStorageKey } from '@secux-companion/web-kit/state/walletStorage';
import { SectionCard } from './HomeContent';

/**
 * The hidden developer panel (spec 01 §2 wallet home: "a hidden developer panel exists, off by default"). It is
 * shown only when the remote config turns it on (`environments.developerPanel: true`, set with the admin tool),
 * and shows what a developer needs to read a user's report: what the device said, how it is linked, the server's
 * environment flags and which wallet keys this browser keeps.
 */
export function developerPanelEnabled(config: unknown): boolean {
  if (!config || typeof config !== 'object') return false;
  const env = (config as { environments?: unknown }).environments;
  return !!env && typeof env === 'object' && (env as { developerPanel?: unknown }).developerPanel === true;
}

async function fetchConfig(): Promise<Record<string, unknown>> {
  const res = await fetch('/api/config', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

function storedWalletKeys(): string[] {
  try {
    return Object.keys(localStorage).filter(isWalletStorageKey).sort();
  } catch {
    return [];
  }
}

export function DeveloperPanel() {
  const { t } = useTranslation();
  const config = useQuery({ queryKey: ['remote-config'], queryFn: fetchConfig, staleTime: 60_000 });
  const info = useDeviceInfo((s) => s);
  const method = useSession((s) => s.method);
  const bootloader = useSession((s) => s.bootloader);
  if (!developerPanelEnabled(config.data)) return null;
  const rows: [string, string][] = [
    [t('home.devConnection'), `${method ?? '—'} (${info.transport})${bootloader ? ' bootloader' : ''}`],
    [t('home.devModel'), `${info.model ?? '—'} / ${info.deviceType ?? '—'}`],
    [t('home.mcuFirmware'), info.mcuVersion ?? '—'],
    [t('home.seFirmware'), info.seVersion ?? '—'],
    [t('home.devWalletStatus'), info.walletStatus === null ? '—' : String(info.walletStatus)],
    [t('home.devUpdateStates'), `MCU ${info.mcuState} / SE ${info.seState}`],
    [
      t('home.devLatest'),
      info.latest ? `${info.latest.latestFirmwareVersion} / ${info.latest.latestSeVersion ?? '—'}` : '—',
    ],
    [t('home.devStoredKeys'), storedWalletKeys().join(', ') || '—'],
  ];
  return (
    <SectionCard titleId="developer-title" title={t('home.devTitle')}>
      <Table data-testid="developer-panel">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th>{t('home.devEnvironments')}</Table.Th>
            <Table.Td>
              <Code block>
                {JSON.stringify((config.data as { environments?: unknown }).environments, null, 2)}
              </Code>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}
