import { Button } from '@mantine/core';
import type { Operation } from '@secux-companion/chain-common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BitcoinChain } from '../../chains/bitcoin';
import { coinText } from '../format';
import type { AppAccount } from '../types';
import { accountKeys, descriptorOf } from '../useChain';
import { HistoryList, useHistoryPages, type HistoryItemView } from './HistoryList';
import { speedUpKindFor } from '../speedup/speedUpRules';
import { useDeviceInfo } from '../../state/deviceInfo';
import { SpeedUpModal } from '../speedup/SpeedUpModal';

/** History tab: 10 per page, infinite scroll (1 px tolerance), pending items, explorer links, Speed up. */
export function HistoryTab({ account, chain }: { account: AppAccount; chain: BitcoinChain }) {
  const { t } = useTranslation();
  const deviceType = useDeviceInfo((s) => s.deviceType);
  const [speedUp, setSpeedUp] = useState<Operation | null>(null);
  const { query, operations } = useHistoryPages(accountKeys.history(account.id), (cursor) =>
    chain.adapter.getHistory(descriptorOf(account), cursor),
  );
  // The local regtest has no public explorer.
  const noExplorer = chain.adapter.network.testnet && chain.networkId === 'LTC_REGTEST';
  const items = operations.map((op): HistoryItemView => {
    const kind = speedUpKindFor(op, chain, deviceType);
    return {
      key: op.hash,
      hash: op.hash,
      direction: op.direction,
      pending: op.blockHeight === null,
      time: op.time,
      amount: `${coinText(op.value, account.chain)} ${account.chain}`,
      link: noExplorer ? undefined : chain.adapter.explorer.tx(op.hash),
      action: kind ? (
        <Button size="xs" variant="light" onClick={() => setSpeedUp(op)} data-testid="history-speed-up" data-kind={kind}>
          {t('speedUp.button')}
        </Button>
      ) : undefined,
    };
  });

  return (
    <>
      <HistoryList query={query} items={items} />
      {speedUp && (
        <SpeedUpModal
          account={account}
          chain={chain}
          operation={speedUp}
          kind={speedUpKindFor(speedUp, chain, deviceType)!}
          onClose={() => setSpeedUp(null)}
        />
      )}
    </>
  );
}
