import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  groupNftCollections,
  marketplaceLink,
  nftModalTabs,
  nftTabState,
  type NftAsset,
} from '@secux-companion/chain-evm';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { EXTERNAL_LINK_PROPS } from '@secux-companion/web-kit/lib/links';
import type { EvmChain } from '../chains';
import { safeImageUrl } from './format';
import type { EvmAccount } from './account';

export const nftKeys = { list: (id: string) => ['evm-nfts', id] as const };

/** NFTs tab (ETH, TETH and XDC): collections in an accordion, asset cards, the asset modal. */
export function NftTab({
  chain,
  account,
  onSend,
}: {
  chain: EvmChain;
  account: EvmAccount;
  onSend: (asset: NftAsset) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<NftAsset | null>(null);
  const q = useQuery({
    queryKey: nftKeys.list(account.id),
    queryFn: async () =>
      // Every page of the account's NFTs (the adapter follows hasMore).
      groupNftCollections(await chain.adapter.getNfts(account.address)),
    staleTime: 0,
    retry: 1,
  });
  if (q.isPending) return <Loader size="sm" aria-label={t('accounts.loading')} />;
  const state = nftTabState(q.isError ? { ok: false } : { ok: true, collections: q.data });
  // Spec 02 error table: 'NFT collections error → network busy'.
  if (state === 'collectionsError')
    return (
      <Alert color="yellow" role="alert" data-testid="nft-error">
        {t('errors.networkBusy')}
      </Alert>
    );
  if (state === 'info-06') return <Text data-testid="nft-empty">{t('errors.info-06')}</Text>;
  const collections = q.data ?? [];
  return (
    <>
      <Accordion multiple defaultValue={collections.map((c) => c.slug)} data-testid="nft-collections">
        {collections.map((c) => (
          <Accordion.Item value={c.slug} key={c.slug} data-testid="nft-collection">
            <Accordion.Control>
              <Group gap="xs">
                <Text fw={600}>{c.collectionName}</Text>
                <Badge variant="light">{c.assets.length}</Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
                {c.assets.map((a) => (
                  <Card
                    withBorder
                    key={`${a.contract}:${a.tokenId.toString()}`}
                    component="button"
                    type="button"
                    onClick={() => setOpen(a)}
                    style={{ cursor: 'pointer', textAlign: 'left' }}
                    data-testid="nft-card"
                    data-contract={a.contract}
                    data-token-id={a.tokenId.toString()}
                  >
                    {safeImageUrl(a.imageUrl) && (
                      <Card.Section>
                        <Image src={safeImageUrl(a.imageUrl)} alt={a.name} h={140} fit="cover" />
                      </Card.Section>
                    )}
                    <Text fw={600} mt="xs" truncate="end">
                      {a.name || `#${a.tokenId.toString()}`}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {`${a.schemaName} #${a.tokenId.toString()}`}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {open && (
        <NftAssetModal
          chain={chain}
          asset={open}
          onClose={() => setOpen(null)}
          onSend={() => {
            setOpen(null);
            onSend(open);
          }}
        />
      )}
    </>
  );
}

function NftAssetModal({
  chain,
  asset,
  onClose,
  onSend,
}: {
  chain: EvmChain;
  asset: NftAsset;
  onClose: () => void;
  onSend: () => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const tabs = nftModalTabs(asset);
  const market = marketplaceLink(chain.spec.symbol, asset.contract, asset.tokenId);
  const explorer = chain.local ? undefined : chain.adapter.explorer.nft(asset.contract, asset.tokenId);
  const image = safeImageUrl(asset.imageUrl);
  return (
    <Modal
      opened
      onClose={onClose}
      size={size}
      title={asset.name || `#${asset.tokenId.toString()}`}
      data-testid="nft-modal"
    >
      <Stack>
        {image && <Image src={image} alt={asset.name} mah={320} fit="contain" />}
        <Text c="dimmed">{asset.collectionName}</Text>
        {asset.collectionDesc && <Text size="sm">{asset.collectionDesc}</Text>}
        <Tabs defaultValue={tabs[0]}>
          <Tabs.List>
            {tabs.map((x) => (
              <Tabs.Tab value={x} key={x}>
                {t(`nft.tab${x}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.includes('Properties') && (
            <Tabs.Panel value="Properties" pt="sm">
              <SimpleGrid cols={{ base: 2, sm: 3 }}>
                {asset.traits.map((tr, i) => (
                  <Card withBorder p="xs" key={`${tr.traitType}:${i}`}>
                    <Text size="xs" c="dimmed">
                      {tr.traitType}
                    </Text>
                    <Text size="sm" fw={600}>
                      {tr.value}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
            </Tabs.Panel>
          )}
          <Tabs.Panel value="Details" pt="sm">
            <Table>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th>{t('nft.contract')}</Table.Th>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{asset.contract}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('nft.tokenId')}</Table.Th>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{asset.tokenId.toString()}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('nft.standard')}</Table.Th>
                  <Table.Td>{asset.schemaName}</Table.Td>
                </Table.Tr>
                {asset.balance !== undefined && (
                  <Table.Tr>
                    <Table.Th>{t('nft.owned')}</Table.Th>
                    <Table.Td>{asset.balance.toString()}</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Tabs.Panel>
        </Tabs>
        <Group justify="space-between">
          <Group>
            {market && (
              <Anchor href={market} {...EXTERNAL_LINK_PROPS}>
                {t('nft.marketplace')}
              </Anchor>
            )}
            {explorer && (
              <Anchor href={explorer} {...EXTERNAL_LINK_PROPS}>
                {t('nft.explorer')}
              </Anchor>
            )}
          </Group>
          <Button onClick={onSend} data-testid="nft-send">
            {t('accounts.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
