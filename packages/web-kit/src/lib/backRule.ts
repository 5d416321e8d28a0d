/** The route names of spec 01 §2 and their paths. */
export const ROUTES = {
  ConnMethod: '/',
  wallet: '/wallet',
  Welcome: '/wallet',
  Account: '/wallet/account',
  AccountInformation: '/wallet/account/information',
  Receive: '/wallet/receive',
  Setting: '/wallet/setting',
  Domain: '/wallet/domain',
  evmChains: '/wallet/evm-chains',
  evmaccount: '/wallet/evm-chains/account',
} as const;

export type RouteName = keyof typeof ROUTES;

export function routeNameOf(pathname: string): RouteName | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  // Welcome and wallet share a path; report the child name.
  const entry = (Object.entries(ROUTES) as [RouteName, string][]).find(
    ([name, p]) => p === path && name !== 'wallet',
  );
  return entry ? entry[0] : null;
}

export interface BackContext {
  route: RouteName | null;
  connected: boolean;
  bootloader: boolean;
  updatePending: boolean;
}

/** Back-button visibility (spec 01 §2 top bar). */
export function backVisible(c: BackContext): boolean {
  if (c.route === 'AccountInformation') return true;
  if (c.route === 'Setting') return !c.updatePending;
  if (c.route === 'evmaccount') return !c.bootloader;
  return false;
}

export type BackAction =
  { kind: 'reloadToLanding' } | { kind: 'navigate'; to: string; resetSettingsTab?: boolean };

/** Where back goes (spec 01 §2 back rules). */
export function backAction(c: BackContext): BackAction {
  if (!c.connected) return { kind: 'reloadToLanding' };
  if (c.route === 'Setting') return { kind: 'navigate', to: ROUTES.wallet, resetSettingsTab: true };
  if (c.route === 'evmaccount') return { kind: 'navigate', to: ROUTES.evmChains };
  return { kind: 'navigate', to: ROUTES.Account };
}

/** The logo returns to the wallet home unless already on landing or wallet home. */
export function logoTarget(route: RouteName | null): string | null {
  if (route === 'ConnMethod' || route === 'Welcome') return null;
  return ROUTES.wallet;
}
