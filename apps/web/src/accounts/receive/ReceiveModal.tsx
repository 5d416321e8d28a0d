import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentDevice } from '../../device/runtime';
import type { BitcoinChain } from '../../chains/bitcoin';
import type { AppAccount } from '../types';
import { descriptorOf } from '../useChain';
import { receiveIndex } from '../rules';
import { ReceiveAddressModal } from './ReceiveAddressModal';

/** The next receive address of the account (after the last used one; Taproot within its 5). */
export async function nextReceiveAddress(chain: BitcoinChain, account: AppAccount) {
  let used: { change: 0 | 1; index: number; transfers: number }[] = [];
  try {
    used = await chain.backend.getAccountAddresses(account.extendPubKey, account.bip);
  } catch (e) {
    console.warn('used addresses unavailable; offering the first receive address', e);
  }
  const d = chain.adapter.keysOf(descriptorOf(account)).receive(receiveIndex(account.bip, used));
  return { address: d.address, path: d.path };
}

/**
 * Receive modal of a bitcoin-family account: its next receive address, confirmed on the device before
 * Copy and the QR code (ReceiveAddressModal); the warning is BRC-20's on BTC, state-004 elsewhere.
 */
export function ReceiveModal({
  account,
  chain,
  onClose,
}: {
  account: AppAccount;
  chain: BitcoinChain;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const target = useQuery({
    queryKey: ['receive-address', account.id],
    queryFn: () => nextReceiveAddress(chain, account),
    staleTime: 0,
    gcTime: 0,
  });
  const btc = account.chain === 'BTC' || account.chain === 'TBTC';
  return (
    <ReceiveAddressModal
      target={target.data}
      pending={target.isPending}
      warning={btc ? t('receive.brc20Warning') : t('errors.state-004', { coin: account.chain })}
      showOnDevice={(path) => currentDevice().showAddress(path)}
      onClose={onClose}
    />
  );
}
