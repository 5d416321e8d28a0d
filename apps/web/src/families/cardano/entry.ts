/** ADA has no account screens: selecting it opens the Cardano portal notice (spec 01 §4). */
import type { FamilyEntry } from '../types';

export const entry: FamilyEntry = { id: 'ada', coinRule: { opens: () => 'cardano' } };
