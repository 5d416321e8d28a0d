import { Accordion, Anchor, Button, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contentApi, safeHref } from '../firmware/api';
import { useContent } from '../firmware/useContent';
import { EXTERNAL_LINK_PROPS, useLinks, type Links } from '@secux-companion/web-kit/lib/links';
import NewsModal from './NewsModal';

/** Breakpoint of the banner image (spec 01 §9). */
export const BANNER_BREAKPOINT = 576;

/** Marketing banner: shown only when enabled; the image varies at 576 px; links out. */
export function Banner() {
  const banner = useContent('banner', contentApi.banner);
  const b = banner.data;
  const web = safeHref(b?.image.web);
  if (!b?.enableBanner || !web) return null;
  const small = safeHref(b.image.android) ?? web;
  return (
    <Anchor href={safeHref(b.webUri)} {...EXTERNAL_LINK_PROPS} data-testid="banner" display="block">
      <picture>
        <source media={`(max-width: ${BANNER_BREAKPOINT}px)`} srcSet={small} />
        <img
          src={web}
          alt={b.alt}
          style={{ width: '100%', height: 'auto', display: 'block', borderRadius: 8 }}
        />
      </picture>
    </Anchor>
  );
}

/** A section of the home page: a bordered card headed by its title; `failed` notes that its content did not load. */
export function SectionCard({
  titleId,
  title,
  failed = false,
  children,
}: {
  titleId: string;
  title: string;
  failed?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="xs">
        {title}
      </Title>
      {failed && <Text c="dimmed">{t('home.contentError')}</Text>}
      {children}
    </Card>
  );
}

/** Announcements: title and date (MM/DD/YYYY), newest first; a title opens the item in the app. */
export function Announcements() {
  const { t } = useTranslation();
  const news = useContent('news', contentApi.news);
  const [reading, setReading] = useState<number | null>(null);
  return (
    <SectionCard titleId="announcements-title" title={t('home.announcements')} failed={news.isError}>
      <Table data-testid="announcements">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('home.announcementTitle')}</Table.Th>
            <Table.Th>{t('home.announcementDate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(news.data ?? []).map((n) => (
            <Table.Tr key={n.id} data-testid="announcement">
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => setReading(n.id)} ta="left">
                  {n.title}
                </Anchor>
              </Table.Td>
              <Table.Td>{n.displayDate}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <NewsModal opened={reading !== null} onClose={() => setReading(null)} itemId={reading} />
    </SectionCard>
  );
}

export function Faq() {
  const { t } = useTranslation();
  const faq = useContent('faq', contentApi.faq);
  return (
    <SectionCard titleId="faq-title" title={t('home.faq')} failed={faq.isError}>
      <Accordion data-testid="faq">
        {(faq.data ?? []).map((f) => (
          <Accordion.Item key={f.id} value={String(f.id)}>
            <Accordion.Control>{f.question}</Accordion.Control>
            <Accordion.Panel>{f.answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </SectionCard>
  );
}

const HELP_CARDS = [
  {
    id: 'add-accounts',
    title: 'home.helpAccountsTitle',
    text: 'home.helpAccountsText',
    link: 'guideAddAccount',
  },
  {
    id: 'send-receive',
    title: 'home.helpSendTitle',
    text: 'home.helpSendText',
    link: 'guideSendReceive',
  },
  {
    id: 'device',
    title: 'home.helpDeviceTitle',
    text: 'home.helpDeviceText',
    link: 'guideDevice',
  },
] as const satisfies readonly { id: string; title: string; text: string; link: keyof Links }[];

/** Three help cards opening external guides (addresses from the remote config). */
export function HelpCards() {
  const { t } = useTranslation();
  const links = useLinks();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="help-cards">
      {HELP_CARDS.map((c) => (
        <Card withBorder key={c.id} component="section" aria-labelledby={`help-${c.id}`}>
          <Stack gap="xs" h="100%" justify="space-between">
            <div>
              <Title order={3} size="h5" id={`help-${c.id}`}>
                {t(c.title)}
              </Title>
              <Text size="sm">{t(c.text)}</Text>
            </div>
            {links[c.link] && (
              <Button component="a" href={links[c.link]} {...EXTERNAL_LINK_PROPS} variant="light" size="xs">
                {t('home.helpOpen')}
              </Button>
            )}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
