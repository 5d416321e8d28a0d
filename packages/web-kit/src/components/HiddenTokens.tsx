import { Button, Group, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tokenHiddenBy, usePreferences, type TokenForRule } from '../state/preferences';

/**
 * The tokens a Tokens tab lists, less those the user's settings hide (dust below the threshold, unverified names:
 * issue 33), and a note that counts the hidden ones with a control to show them (nothing is lost by hiding).
 * `priceOf` gives a row's price in the display currency (null when unknown: never dust).
 */
export function useHiddenTokens<T extends TokenForRule>(
  rows: readonly T[],
  priceOf: (row: T) => string | null | undefined,
): { shown: readonly T[]; note: ReactNode } {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const [showAll, setShowAll] = useState(false);
  const hidden = new Set(rows.filter((r) => tokenHiddenBy(r, priceOf(r), prefs) !== null));
  const shown = showAll ? rows : rows.filter((r) => !hidden.has(r));
  const note =
    hidden.size > 0 ? (
      <Group gap="xs" data-testid="tokens-hidden-note">
        <Text size="sm" c="dimmed" data-testid="tokens-hidden-count" data-count={hidden.size}>
          {t('hiding.hiddenCount', { count: hidden.size })}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => setShowAll((v) => !v)}
          data-testid="tokens-hidden-toggle"
        >
          {showAll ? t('hiding.hideAgain') : t('hiding.showHidden')}
        </Button>
      </Group>
    ) : null;
  return { shown, note };
}
