/** The BNB Beacon Chain family's registry entry: its module. */
import type { FamilyEntry } from '../types';

export const entry: FamilyEntry = { id: 'bnb', load: () => import('./index') };
