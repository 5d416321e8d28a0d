import { Avatar } from '@mantine/core';

/**
 * A chain's logo from the chain registry, served by our own server (GET /api/evm/chains/:id/logo: raster only,
 * size-capped; no third-party request from the browser). Decorative: the chain's name is next to it. Without a logo
 * (404) or when it fails to load, the first letters of the coin show instead.
 */
export function ChainLogo({ chainId, coin }: { chainId: number; coin: string }) {
  return (
    <Avatar
      src={`/api/evm/chains/${chainId}/logo`}
      alt=""
      color="grape"
      radius="xl"
      aria-hidden="true"
      data-testid="evm-chain-logo"
    >
      {coin.slice(0, 3)}
    </Avatar>
  );
}
