/** The FIO family's registry entry, the rules read before its module loads: the crypto handles every coin's send form resolves, and its Domain page. */
import type { FamilyRules } from '@secux-companion/web-kit/family/types';
import { handleResolver } from './handles';

export const entry: FamilyRules = {
  nameResolver: handleResolver,
  pages: [{ path: 'domain', load: () => import('./domain/DomainPage') }],
};
