import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnyFamily, FamilyChain, WalletAccount } from '../../families/types';
import { ReceiveAddressModal } from './ReceiveAddressModal';

/**
 * Receive of every family: the family's receive address (bitcoin: the next unused one), confirmed on the
 * device before Copy and the QR code, under the family's warning.
 */
export function ReceiveModal({
  family,
  chain,
  account,
  onClose,
}: {
  family: AnyFamily;
  chain: FamilyChain;
  account: WalletAccount;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const target = useQuery({
    queryKey: ['receive-address', account.id],
    queryFn: () => family.receiveTarget(chain, account),
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <ReceiveAddressModal
      target={target.data}
      pending={target.isPending}
      warning={family.receiveWarning(t, chain, account, target.data)}
      showOnDevice={(path) => family.showOnDevice(chain, path)}
      onClose={onClose}
    />
  );
}
