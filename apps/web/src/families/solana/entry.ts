/** The Solana family's registry entry: its module. */
import type { FamilyEntry } from '../types';

export const entry: FamilyEntry = { id: 'sol', load: () => import('./index') };
