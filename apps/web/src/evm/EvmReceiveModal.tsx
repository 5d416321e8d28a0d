import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ReceiveAddressModal } from '../accounts/receive/ReceiveAddressModal';
import { currentDevice } from '../device/runtime';
import type { EvmChain } from '../chains/evm';
import type { EvmAccount } from './store';

/** Receive: the account's address (xdc form on XDC) confirmed on the device before Copy and the QR code. */
export function EvmReceiveModal({
  chain,
  account,
  onClose,
}: {
  chain: EvmChain;
  account: EvmAccount;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const target = useMemo(
    () =>
      chain.adapter.receiveAddress({
        chain: chain.spec.symbol,
        index: account.index,
        bip: 44,
        path: account.path,
        address: account.address,
      }),
    [chain, account],
  );
  return (
    <ReceiveAddressModal
      target={target}
      warning={t(target.instructionKey, { coin: chain.spec.coin, chain: chain.spec.name })}
      showOnDevice={(path) => currentDevice().showAddress(path, { chainId: chain.spec.chainId })}
      onClose={onClose}
    />
  );
}
