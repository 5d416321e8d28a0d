/** The FIO simulator's constants: chain id, time spans, the test control's prefix, the local genesis's names. */

export const FIO_LOCAL_CHAIN_ID = 'f10f10f10f10f10f10f10f10f10f10f10f10f10f10f10f10f10f10f10f10f10f';
export const SUF = 1_000_000_000n;
export const YEAR_MS = 365 * 86_400_000;
/** fio.staking: unstaked tokens stay locked this long (UNSTAKELOCKDURATIONSECONDS). */
export const UNSTAKE_LOCK_SECONDS = 604_800;
/** A domain keeps working for requests this long after it expires (fio.contracts SECONDS30DAYS). */
export const DOMAIN_GRACE_MS = 30 * 86_400_000;
/** fio.common BASECONTENTAMOUNT: each further 1,000 characters of content costs one more fee / bundle unit. */
export const BASE_CONTENT = 1000;
/** The test-only control API's prefix (loopback only), as the TRON simulator's. */
export const FIO_CONTROL_PREFIX = '/_localnet/';
/** The registered voting proxy of the local genesis. */
export const FIO_LOCAL_PROXY = 'proxy@secux';
/** The emulator's second FIO account's handle. */
export const FIO_PAYER_HANDLE = 'payer@secux';

export const fioTime = (d: Date) => d.toISOString().slice(0, 19);
export const parseFioTime = (s: string) => Date.parse(s.endsWith('Z') ? s : `${s}Z`);
