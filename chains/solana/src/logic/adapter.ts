/**
 * The Solana adapter (ChainAdapter): SOL accounts with their SPL and Token-2022 tokens, sends of SOL and tokens with
 * the recipient's token account created when missing (its rent read live for its real size), the priority fee from
 * the recent prioritization fees of the accounts written and the compute-unit limit from a simulation, and a
 * blockhash fetched right before the device signs (a transaction whose blockhash expired is never broadcast).
 */
import { CHAINS, CoreError, type FeeTiers } from '@secux-companion/core';
import {
  discoverByGap,
  explorerLinks,
  type AccountDescriptor,
  type AccountState,
  type AccountSummary,
  type BuiltTransaction,
  type ChainAdapter,
  type HistoryPage,
  type ReviewRow,
  type SendDraftBase,
  type SignOptions,
  type SignedTransaction,
  type TokenHolding,
} from '@secux-companion/chain-common';
import {
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  address as toAddress,
  verifySignature,
  type SignatureBytes,
} from '@solana/kit';
import { checkSolanaPath, isValidSolanaAddress, validateSolanaAddress } from './address';
import { MAX_COMPUTE_UNITS, SLOT_MS } from './constants';
import { SolanaError } from './errors';
import { computeUnitLimit, priorityPrice, transactionFee } from './fees';
import {
  associatedAccountSize,
  programIdOf,
  transferFeeOf,
  type TokenProgramName,
  type TransferFee,
} from './token2022';
import {
  associatedTokenAddress,
  budgetInstructions,
  checkSigned,
  toDeviceInstruction,
  transferInstructions,
  unsignedTransaction,
  writableAccounts,
  type DeviceInstruction,
  type TransferPlan,
} from './tx';

/** A token account of the owner (getTokenAccountsByOwner, both programs), with the mint's metadata when known. */
export interface SolanaTokenAccount {
  tokenAccount: string;
  mint: string;
  program: TokenProgramName;
  amount: bigint;
  decimals: number;
  frozen: boolean;
  /** Token-2022 NonTransferableAccount: no Send. */
  nonTransferable: boolean;
  symbol: string | null;
  name: string | null;
}

/** The account as the product API reads it: balance, whether it was used, and its tokens. */
export interface SolanaAccountInfo {
  balance: bigint;
  /** Signatures seen (0 … 25: a count of recent activity, enough for the discovery and delete rules). */
  txCount: number;
  tokens: SolanaTokenAccount[];
}

/** A mint (getAccountInfo jsonParsed): program, decimals, Token-2022 extensions, metadata when known. */
export interface SolanaMintInfo {
  mint: string;
  program: TokenProgramName;
  decimals: number;
  /** Names of the mint's extensions (Token-2022). */
  extensions: string[];
  /** The transfer fee in force this epoch (TransferFeeConfig), or null. */
  transferFee: TransferFee | null;
  nonTransferable: boolean;
  symbol: string | null;
  name: string | null;
}

/** Any address: whether it exists, its owner program, and for a Token-2022 account whether it requires memos. */
export interface SolanaAddressInfo {
  exists: boolean;
  owner: string | null;
  lamports: bigint;
  space: number;
  /** Token account: its mint. */
  mint: string | null;
  /** Token-2022 MemoTransfer: incoming transfers need a memo. */
  memoRequired: boolean;
}

export interface SolanaBlockhash {
  blockhash: string;
  lastValidBlockHeight: number;
  blockHeight: number;
}

/** What logic/ needs from the network (network/productApi.ts implements it over the product API). */
export interface SolanaBackend {
  account(address: string, signal?: AbortSignal): Promise<SolanaAccountInfo>;
  addressInfo(address: string): Promise<SolanaAddressInfo>;
  /** null: no such mint. */
  mint(mint: string): Promise<SolanaMintInfo | null>;
  /** getMinimumBalanceForRentExemption(size). */
  rent(size: number): Promise<bigint>;
  /** Recent prioritization fees (micro-lamports per CU) of transactions writing these accounts. */
  priorityFees(accounts: readonly string[]): Promise<number[]>;
  /** Tiers in micro-lamports per CU. */
  fees(signal?: AbortSignal): Promise<FeeTiers<number>>;
  /** simulateTransaction (signatures not verified, blockhash replaced). */
  simulate(txBase64: string): Promise<{ unitsConsumed: number | null; err: string | null }>;
  blockhash(): Promise<SolanaBlockhash>;
  blockhashValid(blockhash: string): Promise<{ valid: boolean; blockHeight: number }>;
  history(address: string, cursor: string | null): Promise<HistoryPage>;
  /** sendTransaction (base64); answers the signature. */
  broadcast(base64: string): Promise<string>;
}

/**
 * A send: SOL, or `token` (a mint the account holds). `memo` (type 'text', the user's own text, at most
 * {@link SOLANA_MEMO_MAX_BYTES} UTF-8 bytes) goes into the transaction as an SPL Memo instruction; it is required when
 * the recipient's token account requires incoming memos (Token-2022 MemoTransfer, see `memoRequired`).
 */
export interface SolanaDraft extends SendDraftBase {
  token?: string;
}

export interface SolanaUnsigned {
  plan: TransferPlan;
  /** Every instruction (compute budget first), as the device takes them. */
  instructions: DeviceInstruction[];
  unitLimit: number;
  microLamports: number;
  /** Base + priority fee (lamports). */
  fee: bigint;
  /** Rent of the recipient's new token account (lamports), 0 when it exists. */
  rent: bigint;
  /** Token-2022 transfer fee (token units), withheld from what arrives. */
  transferFee: bigint;
  token: { mint: string; symbol: string; decimals: number; program: TokenProgramName } | null;
  memo: string | null;
  /** The blockhash at build time (sign fetches a fresh one). */
  blockhash: SolanaBlockhash;
}

export interface SolanaSignRequest {
  /** m/44'/501'/{index}' */
  path: string;
  feePayer: string;
  instructions: DeviceInstruction[];
}

/** The device capability used (packages/device Device). */
export interface SolanaSigner {
  signSol(
    feePayer: string,
    tx: Record<string, unknown>,
    options?: { onProgress?: (c: number, t: number) => void },
  ): Promise<{ rawTx: string }>;
}

export interface SolanaKeySource {
  getAddress(path: string): Promise<string>;
}

/** The signed transaction and the blockhash it lives on. */
export interface SolanaSignature {
  hash: string;
  base64: string;
  blockhash: SolanaBlockhash;
}

export interface SolanaFamily {
  keySource: SolanaKeySource;
  draft: SolanaDraft;
  unsigned: SolanaUnsigned;
  signRequest: SolanaSignRequest;
  signer: SolanaSigner;
  signature: SolanaSignature;
}

export type SolanaBuilt = BuiltTransaction<SolanaUnsigned, SolanaSignRequest>;

/** Signing options: the progress callback and `onBlockhash`, told the blockhash before the device is asked. */
export interface SolanaSignOptions extends SignOptions {
  onBlockhash?: (blockhash: SolanaBlockhash) => void;
}

export interface SolanaAdapter extends ChainAdapter<SolanaFamily> {
  sign(signer: SolanaSigner, built: SolanaBuilt, options?: SolanaSignOptions): Promise<SolanaSignature>;
  /** Whether a blockhash can still land, and the current block height (the signing step's countdown). */
  blockhashStatus(blockhash: string): Promise<{ valid: boolean; blockHeight: number }>;
  /** A mint's program, decimals, extensions and metadata (adding a token); null when there is no such mint. */
  mintInfo(mint: string): Promise<SolanaMintInfo | null>;
  /**
   * Whether a send of `token` (a mint; SOL when absent) to `recipient` must carry a memo: the recipient's existing
   * token account of that mint requires incoming memos (Token-2022 MemoTransfer). SOL sends never require one.
   */
  memoRequired(recipient: string, token?: string): Promise<boolean>;
}

/** Milliseconds a blockhash has left, estimated from the blocks left (about 400 ms each). */
export function blockhashMsLeft(
  b: Pick<SolanaBlockhash, 'lastValidBlockHeight'>,
  blockHeight: number,
): number {
  return Math.max(0, (b.lastValidBlockHeight - blockHeight) * SLOT_MS);
}

/**
 * The longest memo the form accepts, in UTF-8 bytes. A transaction is at most 1232 bytes; the largest send built here
 * (compute budget pair, create-account, memo, TransferChecked with Token-2022 accounts) uses about 600 of them
 * without the memo, so 256 bytes always fits and is what exchanges' memos (ids, references) need.
 */
export const SOLANA_MEMO_MAX_BYTES = 256;

/** The memo's problem, or undefined when it fits: empty, or longer than {@link SOLANA_MEMO_MAX_BYTES} bytes. */
export function solanaMemoIssue(text: string): 'memoEmpty' | 'memoTooLong' | undefined {
  if (text.trim() === '') return 'memoEmpty';
  return new TextEncoder().encode(text).length > SOLANA_MEMO_MAX_BYTES ? 'memoTooLong' : undefined;
}

function addressOf(account: AccountDescriptor): string {
  if (!account.address || !isValidSolanaAddress(account.address))
    throw new SolanaError('selectAccountNotFound', 'Select Account not found');
  return account.address;
}

/** A held token as the account state lists it, with what the Tokens tab needs to offer Send or not. */
export interface SolanaTokenHolding extends TokenHolding {
  nonTransferable: boolean;
}

export function tokenHolding(t: SolanaTokenAccount): SolanaTokenHolding {
  return {
    nonTransferable: t.nonTransferable,
    contract: t.mint,
    symbol: t.symbol ?? `${t.mint.slice(0, 4)}…${t.mint.slice(-4)}`,
    ...(t.name ? { name: t.name } : {}),
    decimals: t.decimals,
    balance: t.amount,
    standard: t.program === 'spl-token-2022' ? 'Token-2022' : 'SPL',
    tokenAccount: t.tokenAccount,
  };
}

export function createSolanaChain(backend: SolanaBackend): SolanaAdapter {
  const chain = 'SOL' as const;
  const coinType = CHAINS.SOL.coinType;
  const decimals = CHAINS.SOL.decimals;
  const summaryOf = (a: SolanaAccountInfo): AccountSummary => ({
    balance: a.balance,
    pending: 0n,
    txCount: a.txCount,
  });

  /**
   * What discovery just read of each account, handed once to the next non-fresh state read (the page showing its
   * balance and tokens right after the coin was opened), so opening a coin costs one request per account; a refresh
   * (`fresh`) or any second read asks the network again.
   */
  const discovered = new Map<string, { at: number; info: SolanaAccountInfo }>();
  const DISCOVERY_REUSE_MS = 10_000;
  const readAccount = async (address: string, options: { fresh?: boolean; signal?: AbortSignal } = {}) => {
    const hit = discovered.get(address);
    discovered.delete(address);
    if (hit && !options.fresh && Date.now() - hit.at < DISCOVERY_REUSE_MS) return hit.info;
    return backend.account(address, options.signal);
  };

  const adapter: SolanaAdapter = {
    chain,
    family: 'sol',
    asset: { symbol: 'SOL', decimals },
    capabilities: {
      readOnly: false,
      tokens: true,
      nfts: false,
      speedUp: false,
      multipleAddresses: false,
      staking: false,
    },
    explorer: explorerLinks(chain),

    discoverAccounts(device, options = {}) {
      return discoverByGap(device, options, {
        chain,
        coinType,
        address: (path) => device.getAddress(path),
        account: async (address, signal) => {
          const info = await backend.account(address, signal);
          discovered.set(address, { at: Date.now(), info });
          return info;
        },
        used: (info) => info.balance > 0n || info.txCount > 0 || info.tokens.length > 0,
        summary: summaryOf,
      });
    },

    async getAccountSummary(account, options = {}) {
      return summaryOf(await readAccount(addressOf(account), options));
    },

    async getAccountState(account, options = {}): Promise<AccountState> {
      const info = await readAccount(addressOf(account), options);
      return { ...summaryOf(info), available: info.balance, tokens: info.tokens.map(tokenHolding) };
    },

    async getReceiveAddress(account) {
      return { address: addressOf(account), path: checkSolanaPath(account.path) };
    },

    getHistory(account, cursor = null) {
      return backend.history(addressOf(account), cursor);
    },

    async getFees() {
      return {
        tiers: await backend.fees(),
        unit: 'micro-lamports/CU',
        basis: 'perSize',
        base: 5000n,
        hidden: CHAINS.SOL.hiddenFee,
      };
    },

    async build(account, draft): Promise<SolanaBuilt> {
      const from = addressOf(account);
      const path = checkSolanaPath(account.path);
      if (validateSolanaAddress(draft.recipient) !== 'ok') throw new CoreError('invalidAddress');
      if (!draft.sendAll && draft.amount <= 0n) throw new CoreError('amountOrRecipientMissing');
      const [info, blockhash, rentFloor] = await Promise.all([
        backend.account(from),
        backend.blockhash(),
        backend.rent(0),
      ]);

      let plan: TransferPlan;
      let rent = 0n;
      let transferFee = 0n;
      let token: SolanaUnsigned['token'] = null;
      let memo: string | null = null;
      if (draft.memo !== undefined) {
        if (draft.memo.type !== 'text') throw new SolanaError('memoInvalid', 'A Solana memo is text.');
        const text = draft.memo.value.trim();
        const issue = solanaMemoIssue(text);
        if (issue === 'memoTooLong')
          throw new SolanaError('memoTooLong', `The memo is longer than ${SOLANA_MEMO_MAX_BYTES} bytes.`, {
            max: SOLANA_MEMO_MAX_BYTES,
          });
        if (issue === undefined) memo = text;
      }
      let recipientExists = true;
      if (draft.token === undefined) {
        const recipient = await backend.addressInfo(draft.recipient);
        recipientExists = recipient.exists;
        // The amount does not change the compute units: simulate with 0 and set the amount after the fee is known.
        plan = {
          kind: 'sol',
          from,
          to: draft.recipient,
          lamports: 0n,
          ...(memo !== null ? { memo } : {}),
        };
      } else {
        const holding = info.tokens.find((t) => t.mint === draft.token);
        const mint = holding ? await backend.mint(holding.mint) : null;
        if (!holding || !mint) throw new SolanaError('tokenNotFound', 'Token not found');
        if (mint.nonTransferable)
          throw new SolanaError(
            'nonTransferable',
            'This token cannot be transferred (Token-2022 non-transferable).',
          );
        const amount = draft.sendAll ? holding.amount : draft.amount;
        if (amount <= 0n) throw new CoreError('amountOrRecipientMissing');
        if (amount > holding.amount) throw new CoreError('err-31');
        const tokenProgram = programIdOf(mint.program);
        const destination = await associatedTokenAddress(draft.recipient, mint.mint, tokenProgram);
        const dest = await backend.addressInfo(destination);
        if (!dest.exists) rent = await backend.rent(associatedAccountSize(mint.program, mint.extensions));
        if (dest.exists && dest.memoRequired && memo === null)
          throw new SolanaError('memoRequired', 'The recipient requires a memo with every transfer.');
        transferFee = transferFeeOf(amount, mint.transferFee);
        token = {
          mint: mint.mint,
          symbol: mint.symbol ?? holding.symbol ?? `${mint.mint.slice(0, 4)}…${mint.mint.slice(-4)}`,
          decimals: mint.decimals,
          program: mint.program,
        };
        plan = {
          kind: 'token',
          from,
          source: holding.tokenAccount,
          mint: mint.mint,
          decimals: mint.decimals,
          tokenProgram,
          recipient: draft.recipient,
          destination,
          amount,
          createDestination: !dest.exists,
          ...(memo !== null ? { memo } : {}),
        };
      }

      // Compute units from a simulation (price 0 so the fee cannot fail it), price from the accounts written.
      const body = transferInstructions(plan);
      const [samples, simulated] = await Promise.all([
        backend.priorityFees(writableAccounts(body)).catch(() => null),
        backend
          .simulate(
            unsignedTransaction(from, blockhash.blockhash, [
              ...budgetInstructions(MAX_COMPUTE_UNITS, 0),
              ...body,
            ]),
          )
          .catch(() => null),
      ]);
      if (simulated?.err && plan.kind === 'token')
        throw new SolanaError(
          'simulationFailed',
          `The network would refuse this transaction: ${simulated.err}`,
          {
            reason: simulated.err,
          },
        );
      const unitLimit = computeUnitLimit(
        simulated?.err ? null : (simulated?.unitsConsumed ?? null),
        body.length,
      );
      const microLamports = priorityPrice(samples);
      const fee = transactionFee(1, unitLimit, microLamports);

      if (plan.kind === 'sol') {
        const lamports = draft.sendAll ? info.balance - fee : draft.amount;
        if (lamports <= 0n) throw new CoreError('err-02');
        const left = info.balance - lamports - fee;
        if (left < 0n) throw new CoreError('err-02');
        if (left > 0n && left < rentFloor) throw rentRemainder(rentFloor);
        if (!recipientExists && lamports < rentFloor)
          throw new SolanaError(
            'recipientBelowRent',
            `The recipient account does not exist yet: send at least ${fmt(rentFloor)} SOL (its rent-exempt minimum).`,
            { minimum: fmt(rentFloor) },
          );
        plan = { ...plan, lamports };
      } else {
        const left = info.balance - fee - rent;
        if (left < 0n) throw new CoreError(rent > 0n ? 'err-39' : 'err-36', { coin: 'SOL' });
        if (left > 0n && left < rentFloor) throw rentRemainder(rentFloor);
      }

      const instructions = [
        ...budgetInstructions(unitLimit, microLamports),
        ...transferInstructions(plan),
      ].map(toDeviceInstruction);
      const amount = plan.kind === 'sol' ? plan.lamports : plan.amount;
      return {
        unsigned: {
          plan,
          instructions,
          unitLimit,
          microLamports,
          fee,
          rent,
          transferFee,
          token,
          memo,
          blockhash,
        },
        signRequest: { path, feePayer: from, instructions },
        review: {
          recipient: draft.recipient,
          amount,
          fee,
          feeRate: microLamports,
          ...(memo !== null ? { memo: { type: 'text' as const, value: memo } } : {}),
          total: plan.kind === 'sol' ? amount + fee : fee + rent,
        },
      };
    },

    reviewRows(built): ReviewRow[] {
      const { review, unsigned } = built;
      const sol = (value: bigint) => ({ type: 'amount' as const, value, decimals, symbol: 'SOL' });
      const tok = (value: bigint) =>
        unsigned.token
          ? {
              type: 'amount' as const,
              value,
              decimals: unsigned.token.decimals,
              symbol: unsigned.token.symbol,
            }
          : sol(value);
      const rows: ReviewRow[] = [
        {
          labelKey: 'send.recipient',
          value: { type: 'address', value: review.recipient },
          testId: 'review-recipient',
        },
        { labelKey: 'send.amountLabel', value: tok(review.amount), testId: 'review-amount' },
      ];
      if (unsigned.token && unsigned.transferFee > 0n) {
        rows.push({
          labelKey: 'solana.review.transferFee',
          value: tok(unsigned.transferFee),
          testId: 'review-transfer-fee',
        });
        rows.push({
          labelKey: 'solana.review.recipientGets',
          value: tok(review.amount - unsigned.transferFee),
          testId: 'review-recipient-gets',
        });
      }
      rows.push({ labelKey: 'send.networkFee', value: sol(review.fee), testId: 'review-fee' });
      rows.push({
        labelKey: 'solana.review.priorityPrice',
        value: { type: 'feeRate', value: unsigned.microLamports, unit: 'micro-lamports/CU' },
        testId: 'review-priority-price',
      });
      if (unsigned.rent > 0n)
        rows.push({
          labelKey: 'solana.review.accountRent',
          value: sol(unsigned.rent),
          testId: 'review-rent',
        });
      if (unsigned.memo !== null)
        rows.push({
          labelKey: 'solana.review.memo',
          value: { type: 'text', value: unsigned.memo },
          testId: 'review-memo',
        });
      rows.push({ labelKey: 'send.total', value: sol(review.total), testId: 'review-total' });
      return rows;
    },

    async sign(signer, built, options: SolanaSignOptions = {}): Promise<SolanaSignature> {
      const { path, feePayer, instructions } = built.signRequest;
      // The blockhash is fetched right before the device is asked: the user's review time does not eat its life.
      const blockhash = await backend.blockhash();
      options.onBlockhash?.(blockhash);
      const res = await signer.signSol(
        feePayer,
        { recentBlockhash: blockhash.blockhash, instructions, ownerships: [{ path, account: feePayer }] },
        options.onProgress ? { onProgress: options.onProgress } : {},
      );
      const checked = checkSigned(res.rawTx, { feePayer, blockhash: blockhash.blockhash, instructions });
      const key = await getPublicKeyFromAddress(toAddress(feePayer));
      if (!(await verifySignature(key, checked.signature as SignatureBytes, checked.messageBytes)))
        throw new SolanaError('badSignature', 'The device’s signature does not verify.');
      return { hash: checked.hash, base64: checked.base64, blockhash };
    },

    finalize(_built, signature): SignedTransaction {
      return { hash: signature.hash, raw: signature.base64, encoding: 'base64' };
    },

    async broadcast(tx) {
      // Never broadcast a dead transaction: its blockhash must still be valid (else rebuild and sign again).
      const blockhash = blockhashOf(tx.raw);
      const status = await backend.blockhashValid(blockhash);
      if (!status.valid)
        throw new SolanaError(
          'blockhashExpired',
          'The transaction expired before it was sent (its blockhash is too old). Sign it again.',
        );
      return backend.broadcast(tx.raw);
    },

    blockhashStatus(blockhash) {
      return backend.blockhashValid(blockhash);
    },

    async memoRequired(recipient, token) {
      if (token === undefined || validateSolanaAddress(recipient) !== 'ok') return false;
      const mint = await backend.mint(token);
      if (!mint) return false;
      const destination = await associatedTokenAddress(recipient, mint.mint, programIdOf(mint.program));
      const dest = await backend.addressInfo(destination);
      return dest.exists && dest.memoRequired;
    },

    mintInfo(mint) {
      if (!isValidSolanaAddress(mint)) return Promise.resolve(null);
      return backend.mint(mint);
    },

    validateAddress: validateSolanaAddress,
  };
  return adapter;
}

/** The blockhash a signed wire transaction (base64) lives on. */
export function blockhashOf(base64: string): string {
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
  return getCompiledTransactionMessageDecoder().decode(tx.messageBytes).lifetimeToken;
}

function fmt(lamports: bigint): string {
  const s = lamports.toString().padStart(10, '0');
  return `${s.slice(0, -9)}.${s.slice(-9)}`.replace(/\.?0+$/, '');
}

function rentRemainder(minimum: bigint): SolanaError {
  return new SolanaError(
    'rentExemptRemainder',
    `The SOL left in the account would be below its rent-exempt minimum of ${fmt(minimum)} SOL: send all or leave at least that much.`,
    { minimum: fmt(minimum) },
  );
}
