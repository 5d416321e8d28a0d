/** The tests' root, as main.tsx is the app's: the shared screens reach the family registry and the families' texts through what it provides. */
import { families } from '../families/registry';
import { provideFamilies } from '@secux-companion/web-kit/state/families';
import { provideTexts } from '@secux-companion/web-kit/i18n';
import { texts } from 'virtual:families';

provideFamilies(families);
provideTexts(texts);
