import { Checkbox, Fieldset, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { CHAINS } from '@secux-companion/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectedCurrency } from '@secux-companion/web-kit/lib/currency';
import {
  parseDustThreshold,
  setCoinHidden,
  setPreferences,
  usePreferences,
} from '@secux-companion/web-kit/state/preferences';
import { COIN_MENU } from '../home/coinChoice';

/** The dust threshold offered when the user first turns dust hiding on (in the display currency). */
const DEFAULT_DUST = '1';

/**
 * Settings → Hide (issue 33): coins left out of the coin menu and of discovery at connect, tokens worth less than a
 * threshold (dust), and tokens whose names are unverified. Kept in this browser; Reset shows everything again.
 */
export function HidingSettings() {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const currency = selectedCurrency();
  const [dustText, setDustText] = useState(prefs.hideDust ?? DEFAULT_DUST);
  const dustValid = parseDustThreshold(dustText) !== null;

  const changeDust = (text: string) => {
    setDustText(text);
    const value = parseDustThreshold(text);
    if (prefs.hideDust !== null && value !== null) setPreferences({ hideDust: value });
  };

  return (
    <Stack data-testid="hiding-settings">
      <Text size="sm">{t('hiding.intro')}</Text>
      <Fieldset legend={t('hiding.coinsLegend')}>
        <Text size="sm" c="dimmed" mb="xs">
          {t('hiding.coinsHint')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
          {COIN_MENU.map((coin) => (
            <Checkbox
              key={coin}
              label={coin === 'EVM' ? t('wallet.evmChains') : `${coin} · ${CHAINS[coin].name}`}
              checked={prefs.hiddenCoins.includes(coin)}
              onChange={(e) => setCoinHidden(coin, e.currentTarget.checked)}
              data-testid={`hide-coin-${coin}`}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('hiding.tokensLegend')}>
        <Stack gap="sm">
          <Group align="flex-end" gap="sm">
            <Switch
              label={t('hiding.dust')}
              checked={prefs.hideDust !== null}
              disabled={!dustValid && prefs.hideDust === null}
              onChange={(e) =>
                setPreferences({ hideDust: e.currentTarget.checked ? parseDustThreshold(dustText) : null })
              }
              data-testid="hide-dust"
            />
            <TextInput
              label={t('hiding.dustThreshold', { currency: currency.code })}
              value={dustText}
              onChange={(e) => changeDust(e.currentTarget.value)}
              inputMode="decimal"
              w={160}
              error={dustValid ? undefined : t('hiding.dustInvalid')}
              data-testid="hide-dust-threshold"
            />
          </Group>
          <Switch
            label={t('hiding.unverified')}
            description={t('hiding.unverifiedHint')}
            checked={prefs.hideUnverified}
            onChange={(e) => setPreferences({ hideUnverified: e.currentTarget.checked })}
            data-testid="hide-unverified"
          />
          <Text size="xs" c="dimmed">
            {t('hiding.tokensNote')}
          </Text>
        </Stack>
      </Fieldset>
    </Stack>
  );
}
