import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ChainSymbol } from '@secux-companion/core';
import type { EvmBuiltTransaction } from '@secux-companion/chain-evm';
import { useTranslation } from 'react-i18next';
import { checkFeeAlert } from '../accounts/send/txFlow';
import { EXTERNAL_LINK_PROPS, LINKS } from '../lib/links';

/**
 * The EVM send's fee prompts, as Mantine modals (same behaviour as the bitcoin send): a custom fee
 * above the estimate asks for confirmation (Continue goes on to the fee-limit check, closing returns
 * to Details); higher_fee (Continue advances to Verification) and max_fee (a button opens the support
 * page); closing a fee alert resets the send.
 */
export type EvmFeePrompt =
  | { kind: 'customFee'; built: EvmBuiltTransaction }
  | { kind: 'higher_fee'; limit: string; currency: string; built: EvmBuiltTransaction }
  | { kind: 'max_fee' };

/** A custom gas price (wei) above the medium estimate asks for confirmation. */
export function customFeeAboveEstimate(customPrice: bigint, mediumPrice: bigint): boolean {
  return customPrice > mediumPrice;
}

/** The fee-limit alert for a built transaction (native EVM coins only; user-added chains have no price). */
export async function feePromptFor(
  symbol: ChainSymbol,
  built: EvmBuiltTransaction,
): Promise<EvmFeePrompt | null> {
  if (symbol === 'EVM') return null;
  const check = await checkFeeAlert(symbol, built.review.fee);
  if (check.alert === 'max_fee') return { kind: 'max_fee' };
  if (check.alert === 'higher_fee')
    return { kind: 'higher_fee', limit: check.limit ?? '', currency: check.currency ?? '', built };
  return null;
}

export function EvmFeePromptModal({
  prompt,
  onContinue,
  onClose,
}: {
  prompt: EvmFeePrompt;
  onContinue: (prompt: EvmFeePrompt) => void;
  onClose: (prompt: EvmFeePrompt) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={() => onClose(prompt)}
      title={t('send.feeAlertTitle')}
      zIndex={400}
      data-testid="fee-alert"
    >
      <Stack>
        <Text role="alert">
          {prompt.kind === 'customFee'
            ? t('errors.customFeeAboveEstimate')
            : prompt.kind === 'higher_fee'
              ? t('errors.feeAlertHigherFee', { symbol: '', limit: prompt.limit, currency: prompt.currency })
              : t('errors.feeAlertMaxFee')}
        </Text>
        <Group justify="flex-end">
          {prompt.kind === 'max_fee' ? (
            <Button component="a" href={LINKS.help} {...EXTERNAL_LINK_PROPS} data-testid="fee-alert-support">
              {t('send.contactSupport')}
            </Button>
          ) : (
            <Button data-testid="fee-alert-continue" onClick={() => onContinue(prompt)}>
              {t('send.continue')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
