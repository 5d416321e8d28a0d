import { Accordion, Anchor, Modal, Stack, Text } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { contentApi, type NewsItem } from '../firmware/api';
import { useContent } from '../firmware/useContent';
import { EXTERNAL_LINK_PROPS } from '@secux-companion/web-kit/lib/links';
import { queryClient } from '../state/queryClient';

export interface NewsModalProps {
  opened: boolean;
  onClose: () => void;
  /** The item to open (an announcement row); none opens the list with the newest item open. */
  itemId?: number | null;
}

/** One news item: its text as the server wrote it (rendered as text), and a link out only when it has one. */
export function NewsBody({ item }: { item: NewsItem }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text style={{ whiteSpace: 'pre-line' }} data-testid="news-content">
        {item.content}
      </Text>
      {item.link && (
        <Anchor href={item.link} {...EXTERNAL_LINK_PROPS} data-testid="news-link-out" w="fit-content">
          {t('home.newsReadMore')}
        </Anchor>
      )}
    </Stack>
  );
}

function NewsList({ itemId }: { itemId?: number | null }) {
  const { t } = useTranslation();
  const news = useContent('news', contentApi.news);
  const items = news.data ?? [];
  if (news.isError) return <Text c="dimmed">{t('home.contentError')}</Text>;
  if (news.isSuccess && items.length === 0) return <Text c="dimmed">{t('home.newsEmpty')}</Text>;
  const open = String(itemId ?? items[0]?.id ?? '');
  return (
    <Accordion defaultValue={open} key={open} data-testid="news-list">
      {items.map((n) => (
        <Accordion.Item key={n.id} value={String(n.id)} data-testid="news-item">
          <Accordion.Control>
            <Text fw={600}>{n.title}</Text>
            <Text size="sm" c="dimmed">
              {n.displayDate}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <NewsBody item={n} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/**
 * News read in the app (issue 18 item 3): the server's news items with their content, opened from the top
 * bar's News link, the welcome modal and the home page's announcement rows. It brings its own query client
 * provider, so the top bar of the landing page (outside the wallet screens) can open it too.
 */
export default function NewsModal({ opened, onClose, itemId }: NewsModalProps) {
  const { t } = useTranslation();
  const size = useModalSize();
  return (
    <QueryClientProvider client={queryClient}>
      <Modal
        opened={opened}
        onClose={onClose}
        title={t('topbar.news')}
        size={size}
        centered
        data-testid="news-modal"
      >
        <NewsList itemId={itemId} />
      </Modal>
    </QueryClientProvider>
  );
}
