/**
 * The external pages the remote config may name (GET /api/config → `links`): the server checks a configured value
 * against this list and the web app reads these keys. `supportEmail` is an e-mail address; every other key is an
 * https URL.
 */
export const REMOTE_LINK_KEYS = [
  'website',
  'terms',
  'privacy',
  'help',
  'guideAddAccount',
  'guideSendReceive',
  'guideDevice',
  'cardanoPortal',
  'dappConnect',
  'mobileApp',
  'iosAppStore',
  /** BNB Chain's token-recovery page for the retired BNB Beacon Chain (BEP-299). */
  'bnbTokenRecovery',
  'supportEmail',
] as const;
export type RemoteLinkKey = (typeof REMOTE_LINK_KEYS)[number];

/** The keys whose value is a page (all but the support e-mail address). */
export const REMOTE_URL_LINK_KEYS = REMOTE_LINK_KEYS.filter(
  (k): k is Exclude<RemoteLinkKey, 'supportEmail'> => k !== 'supportEmail',
);
