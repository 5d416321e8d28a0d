/** The tests' root, as main.tsx is the app's: the shared screens reach the family registry through what it provides. */
import { families } from '../families/registry';
import { provideFamilies } from '@secux-companion/web-kit/state/families';

provideFamilies(families);
