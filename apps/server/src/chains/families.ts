/**
 * The chain families this server serves, in `GET /api/chains` order: every family of the manifest
 * (chains/families.json) with a server entry. A new family is its folder and one line in the manifest.
 */
import type { Family } from '@secux-companion/server-kit/facade';
import manifest from '../../../../chains/families.json' with { type: 'json' };

const loaded = await Promise.all(
  manifest.families
    .filter((f) => f.entries.includes('server'))
    .map((f) => import(`@secux-companion/chain-${f.dir}/server`) as Promise<{ family: Family }>),
);

export const FAMILIES: readonly Family[] = loaded.map((m) => m.family);

/** The id of a served family (`GET /api/chains` `family`). */
export type FamilyId = string;
