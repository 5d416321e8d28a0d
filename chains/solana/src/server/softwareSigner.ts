/** A software key in the device's place for the Solana suites that drive LiteSVM through the product API. */
import type { SolanaSigner } from '@secux-companion/chain-solana';
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getBase16Decoder,
  getBase64Encoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signBytes,
  signTransaction,
  type Blockhash,
  type KeyPairSigner,
} from '@solana/kit';

/**
 * Signs what the device would: the instructions (base64 data) under the fee payer and the blockhash, as hex. With
 * `wrongKey` the fee payer's signature slot gets another key's signature (a device holding other keys).
 */
export function softwareSigner(key: KeyPairSigner, wrongKey?: KeyPairSigner): SolanaSigner {
  return {
    async signSol(feePayer, tx) {
      const t = tx as {
        recentBlockhash: string;
        instructions: {
          programId: string;
          keys: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
          data: string;
        }[];
      };
      const ixs = t.instructions.map((i) => ({
        programAddress: address(i.programId),
        accounts: i.keys.map((k) => ({
          address: address(k.pubkey),
          role: k.isSigner
            ? k.isWritable
              ? AccountRole.WRITABLE_SIGNER
              : AccountRole.READONLY_SIGNER
            : k.isWritable
              ? AccountRole.WRITABLE
              : AccountRole.READONLY,
        })),
        data: getBase64Encoder().encode(i.data),
      }));
      const message = pipe(
        createTransactionMessage({ version: 'legacy' }),
        (m) => setTransactionMessageFeePayer(address(feePayer), m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash: t.recentBlockhash as Blockhash, lastValidBlockHeight: 0n },
            m,
          ),
        (m) => appendTransactionMessageInstructions(ixs, m),
      );
      const compiled = compileTransaction(message);
      const signed = wrongKey
        ? {
            ...compiled,
            signatures: {
              ...compiled.signatures,
              [feePayer]: await signBytes(wrongKey.keyPair.privateKey, compiled.messageBytes),
            },
          }
        : await signTransaction([key.keyPair], compiled);
      return { rawTx: getBase16Decoder().decode(getTransactionEncoder().encode(signed)) };
    },
  };
}
