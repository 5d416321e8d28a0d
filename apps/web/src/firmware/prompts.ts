import { createStore } from '@secux-companion/web-kit/state/store';

/** Home prompts already answered in this session (they do not reopen when the home page mounts again). */
export const homePrompts = createStore({
  seWarningDismissed: false,
  updateNoticeDismissed: false,
  testAccountsDismissed: false,
  /** After preparing test accounts over Bluetooth, the force-update modal opens regardless of the rules. */
  forceAfterPrepare: false,
});
