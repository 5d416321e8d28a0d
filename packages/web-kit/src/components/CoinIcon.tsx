/**
 * Coin, chain and token icons (issue 20) from the `cryptocurrency-icons` package (CC0-1.0, public domain),
 * bundled with the app through Vite's glob import — never loaded from another site. Only the icons of the
 * coins the wallet supports and of common tokens are bundled, each as its own small asset loaded when first
 * shown; anything else (an unknown token, a chain the user added) gets the package's neutral generic icon.
 */
import { useEffect, useState } from 'react';

const ICONS = import.meta.glob<string>(
  '../../../../node_modules/cryptocurrency-icons/svg/color/{btc,ltc,bch,grs,dash,dgb,doge,eth,bnb,xrp,xlm,trx,sol,ada,usdt,usdc,dai,link,uni,wbtc,matic,aave,comp,mkr,sushi,yfi,bat,zrx,tusd,pax,gusd,generic}.svg',
  { query: '?url', import: 'default' },
);

const byName = new Map(
  Object.entries(ICONS).map(([path, load]) => [/([a-z0-9]+)\.svg$/.exec(path)![1]!, load] as const),
);

/** Testnets and chain aliases shown with their main coin's icon. */
const ALIASES: Record<string, string> = {
  tbtc: 'btc',
  teth: 'eth',
  bsc: 'bnb',
  tbsc: 'bnb',
  tfio: 'generic',
};

/** The icon name for a coin or token symbol ('generic' when the package has none bundled). */
export function iconName(symbol: string): string {
  const s = symbol.trim().toLowerCase();
  const name = ALIASES[s] ?? s;
  return byName.has(name) ? name : 'generic';
}

const loaded = new Map<string, string>();

/** A coin's icon, decorative next to its name (alt=""), or named with `label` when it stands alone. */
export function CoinIcon({ symbol, size = 32, label }: { symbol: string; size?: number; label?: string }) {
  const name = iconName(symbol);
  const [src, setSrc] = useState<string | null>(loaded.get(name) ?? null);
  useEffect(() => {
    let live = true;
    const cached = loaded.get(name);
    if (cached) {
      setSrc(cached);
      return;
    }
    const load = byName.get(name) ?? byName.get('generic');
    void load?.().then((url) => {
      loaded.set(name, url);
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [name]);
  return (
    <span
      style={{ display: 'inline-flex', width: size, height: size, flex: 'none' }}
      data-testid="asset-icon"
      data-icon={name}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {src && <img src={src} alt="" width={size} height={size} style={{ display: 'block' }} />}
    </span>
  );
}
