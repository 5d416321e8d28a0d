import { Alert, Button, Container, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { accountBasePath, addressPath, BTC_ADDRESS_TYPE_LABELS } from '@secux-companion/core';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { verifyAddressOnDevice } from '../device/actions';
import { CopyText } from '../components/CopyText';

interface ReceiveOption {
  id: string;
  coin: string;
  bip: number;
  coinType: number;
}

const OPTIONS: ReceiveOption[] = [
  { id: 'btc-84', coin: 'BTC', bip: 84, coinType: 0 },
  { id: 'btc-49', coin: 'BTC', bip: 49, coinType: 0 },
  { id: 'btc-44', coin: 'BTC', bip: 44, coinType: 0 },
  { id: 'btc-86', coin: 'BTC', bip: 86, coinType: 0 },
  { id: 'ltc-44', coin: 'LTC', bip: 44, coinType: 2 },
  { id: 'ltc-49', coin: 'LTC', bip: 49, coinType: 2 },
  { id: 'eth-44', coin: 'ETH', bip: 44, coinType: 60 },
];

type Status =
  { kind: 'idle' } | { kind: 'waiting' } | { kind: 'verified'; address: string } | { kind: 'error' };

/** Receive: the address is confirmed on the device first; only then Copy and the QR code appear. */
export default function Receive() {
  const { t } = useTranslation();
  const [optionId, setOptionId] = useState(OPTIONS[0]!.id);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const option = OPTIONS.find((o) => o.id === optionId)!;
  const path = addressPath(accountBasePath(option.bip, option.coinType, 0), 0, 0);
  const label = (o: ReceiveOption) =>
    o.coin === 'BTC'
      ? `${o.coin} · ${BTC_ADDRESS_TYPE_LABELS[o.bip as keyof typeof BTC_ADDRESS_TYPE_LABELS]}`
      : `${o.coin} · ${o.bip}`;

  const verify = async () => {
    setStatus({ kind: 'waiting' });
    const result = await verifyAddressOnDevice(path);
    if (result.kind === 'verified') setStatus({ kind: 'verified', address: result.address });
    else if (result.kind === 'cancelled')
      setStatus({ kind: 'idle' }); // user cancel is silent
    else setStatus({ kind: 'error' });
  };

  return (
    <Container size="sm" py="lg">
      <Stack>
        <Title order={1} size="h2">
          {t('receive.title')}
        </Title>
        <NativeSelect
          label={t('receive.account')}
          value={optionId}
          onChange={(e) => {
            setOptionId(e.currentTarget.value);
            setStatus({ kind: 'idle' });
          }}
          data={OPTIONS.map((o) => ({ value: o.id, label: label(o) }))}
          data-testid="receive-account"
        />
        <Text size="sm" c="dimmed">
          {t('receive.path', { path })}
        </Text>
        {status.kind !== 'verified' && (
          <>
            <Alert color="yellow" data-testid="receive-warning">
              {option.coin === 'BTC' ? t('receive.brc20Warning') : t('errors.state-004')}
            </Alert>
            <Button onClick={verify} loading={status.kind === 'waiting'} data-testid="receive-verify">
              {t('receive.verifyOnDevice')}
            </Button>
            {status.kind === 'waiting' && <Text role="status">{t('receive.checkDevice')}</Text>}
            {status.kind === 'error' && (
              <Alert color="red" role="alert" data-testid="receive-error">
                {t('errors.err-10')}
              </Alert>
            )}
          </>
        )}
        {status.kind === 'verified' && (
          <Stack align="center" data-testid="receive-verified">
            <QRCodeSVG value={status.address} size={180} title={t('receive.qrTitle')} />
            <Group gap="xs" wrap="nowrap">
              <Text ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="receive-address">
                {status.address}
              </Text>
              <CopyText value={status.address} testId="receive-copy" />
            </Group>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
