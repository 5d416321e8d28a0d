import { Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '../../components/useModalSize';
import type { AnyFamily, FamilyChain, WalletAccount } from '../../family/types';
import { AddressLabelField } from '../../labels/LabelEditor';
import { ReceiveAddressPanel } from './ReceiveAddressModal';

interface ReceiveProps {
  family: AnyFamily;
  chain: FamilyChain;
  account: WalletAccount;
  onClose?: () => void;
}

/**
 * Receive of every family: the family's receive address (bitcoin: the next unused one), confirmed on the
 * device before Copy and the QR code, under the family's warning. The account page shows it as a modal,
 * the Receive page from home inline. The address can be labelled (BIP-329, kept in this browser).
 */
export function ReceivePanel({ family, chain, account, onClose }: ReceiveProps) {
  const { t } = useTranslation();
  const target = useQuery({
    queryKey: ['receive-address', account.id],
    queryFn: () => family.receiveTarget(chain, account),
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Stack>
      <ReceiveAddressPanel
        target={target.data}
        pending={target.isPending}
        warning={family.receiveWarning(t, chain, account, target.data)}
        showOnDevice={(path) => family.showOnDevice(chain, path)}
        {...(onClose ? { onClose } : {})}
      />
      {target.data && <AddressLabelField address={target.data.address} />}
    </Stack>
  );
}

export function ReceiveModal(props: ReceiveProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const size = useModalSize();
  return (
    <Modal opened onClose={props.onClose} size={size} title={t('receive.title')}>
      <ReceivePanel {...props} />
    </Modal>
  );
}
