/** Stellar networks by passphrase, and a check that a text is a transaction envelope of one of them. */
import { Networks, TransactionBuilder } from '@stellar/stellar-sdk';

/** The passphrases the wallet knows: the public network (mainnet profile) and the standalone one (localnet). */
export const STELLAR_PASSPHRASES = {
  public: Networks.PUBLIC,
  testnet: Networks.TESTNET,
  standalone: Networks.STANDALONE,
} as const;

/** Whether `envelope` (base64 XDR) decodes as a Stellar transaction envelope on `networkPassphrase`. */
export function isStellarEnvelope(envelope: string, networkPassphrase: string): boolean {
  try {
    TransactionBuilder.fromXDR(envelope, networkPassphrase);
    return true;
  } catch {
    return false;
  }
}
