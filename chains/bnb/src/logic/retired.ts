/**
 * The BNB Beacon Chain is retired (reference/apis/bnb-beacon-chain.md): BNB Chain's official statement is that it
 * "has been shut down at block height 385,251,927 since December 3, 2024" (BEP-333, BNB Chain Fusion). Nothing can
 * be sent there any more; assets mirrored to BSC are recovered with BNB Chain's token-recovery tool (BEP-299).
 */

/** The last block of the BNB Beacon Chain. */
export const BNB_HALT_HEIGHT = 385_251_927;
/** The day the chain stopped (UTC). */
export const BNB_HALT_DATE = '2024-12-03';

/**
 * BNB Chain's token-recovery page (BEP-299). The hosted dApp (https://www.bnbchain.org/en/token-recovery) was
 * discontinued on 2026-07-01 (Phase 3 of BNB Chain's token-recovery sunset plan, docs/announce); since then BNB
 * Chain points users to its self-service tool, whose official repository is this address. The remote config's
 * `links.bnbTokenRecovery` replaces it.
 */
export const BNB_TOKEN_RECOVERY_URL = 'https://github.com/bnb-chain/token-recover-self-service-tools';
