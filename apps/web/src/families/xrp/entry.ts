/** The XRP family's registry entry: its module. */
import type { FamilyEntry } from '../types';

export const entry: FamilyEntry = { id: 'xrp', load: () => import('./index') };
