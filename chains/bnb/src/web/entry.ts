/** The BNB Beacon Chain family's registry entry (the manifest gives its id and module): no early rules. */
import type { FamilyRules } from '@secux-companion/web-kit/family/types';

export const entry: FamilyRules = {};
