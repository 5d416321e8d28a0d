/** The FIO family's registry entry: its module, and the crypto handles every coin's send form resolves. */
import type { FamilyEntry } from '../types';
import { handleResolver } from './handles';

export const entry: FamilyEntry = { id: 'fio', load: () => import('./index'), nameResolver: handleResolver };
