/**
 * The EVM ChainAdapter (ETH, TETH, BSC, TBSC, XDC, HME and user-added chains). All chain data comes through
 * {@link EvmBackend} (domain types only), which network/ implements: over the product API
 * (network/productApi.ts) or, for an RPC the user added, straight from the browser (network/jsonRpc.ts).
 */
import {
  CHAINS,
  CoreError,
  accountBasePath,
  assertEvmFeeCovered,
  defaultAccountName,
  defaultEvmAccountName,
  sanitizeRecoveredName,
  signingPath,
  toBareAccountPath,
  type FeeMode,
} from '@secux-companion/core';
import type {
  AccountDescriptor,
  AccountState,
  AccountSummary,
  BuiltTransaction,
  ChainAdapter,
  DeviceAccountTable,
  DiscoverOptions,
  DiscoveredAccount,
  FeeOptions,
  HistoryPage,
  Operation,
  ReceiveAddress,
  ReviewRow,
  SignedTransaction,
} from '@secux-companion/chain-common';
import { encodeFunctionData, getAddress, isAddress, type Address, type Hex } from 'viem';
import { displayAddress, receiveInstructionKey, toApiAddress, validateEvmRecipient } from './address';
import { L1_GAS_PRICE_ORACLE, type EvmChainSpec } from './chains';
import { evmExplorerLinks, type EvmExplorerLinks } from './explorer';
import {
  FEE_HISTORY_BLOCKS,
  FEE_HISTORY_PERCENTILES,
  checkTokenSend,
  coinSendAmount,
  feeTiersFromHistory,
  gasOracleTiers,
  isFeeTooHigh,
  l1EstimateGasLimit,
  layer1Fee,
  networkFee,
  resolveGasLimit,
  selectFeeTier,
  tierPrice,
  tiersInGwei,
  legacyTiersFromHistory,
  weiToGwei,
  type EvmFeeTier,
  type EvmFeeTiers,
  type FeeHistoryData,
  type GasKind,
  type GasOracleData,
} from './fees';
import { mergeEvmHistory, type EvmTxRecord } from './history';
import { NONCE_TIMEOUTS_MS, resolveNonce, type NonceSource } from './nonce';
import { hasNftTab, type NftAsset } from './nft';
import { balanceOfData, decodeBalance, lookupToken, type TokenMetadata } from './tokens';
import { heldTokens, normalizeTokenList, type HeldToken, type TokenListEntry } from './tokenList';
import { finalizeSignedTx, serializeUnsigned, transferCall, type EvmTxPlan, type TransferIntent } from './tx';

export interface EvmAccountSummary {
  /** Balance at 'latest' (wei). */
  balance: bigint;
  /** Next nonce including pending transactions. */
  nonce: number;
  /** Transactions sent (mined). */
  txCount: number;
}

export interface EvmCallRequest {
  from?: string;
  to: string;
  value?: bigint;
  data?: Hex;
}

/** A broadcast transaction as the chain reports it. */
export type TransactionOutcome = 'pending' | 'confirmed' | 'failed';

/** What logic needs from a chain data source (implemented in network/). */
export interface EvmBackend {
  getAccount(address: string): Promise<EvmAccountSummary>;
  /** Next nonce ('pending'). */
  getNonce(address: string, signal?: AbortSignal): Promise<number>;
  /** eth_gasPrice (wei). */
  getGasPrice(): Promise<bigint>;
  /** eth_feeHistory; null when the node does not support it. */
  getFeeHistory(blocks: number, percentiles: readonly number[]): Promise<FeeHistoryData | null>;
  /** Explorer gas oracle (BSC); null when it failed. */
  getGasOracle?(): Promise<GasOracleData | null>;
  /** eth_estimateGas; throws when the node refuses. */
  estimateGas(call: EvmCallRequest): Promise<bigint>;
  /** eth_call at 'latest'. */
  ethCall(to: string, data: Hex): Promise<Hex>;
  /** Token balances in one batch (contract → base units). Default: balanceOf via ethCall. */
  getTokenBalances?(address: string, contracts: readonly string[]): Promise<Map<string, bigint>>;
  /**
   * One page of history, newest first: the product API's Operations as the server merged them (used as they are),
   * or, for a chain the user added, the explorer's records (txlist and tokentx) that logic merges.
   */
  getTransactions(address: string, cursor: string | null): Promise<EvmHistoryAnswer>;
  /** NFTs held (ETH/TETH); absent when the source has none. */
  getNfts?(address: string): Promise<NftAsset[]>;
  /** What the chain reports of a broadcast transaction (its receipt); absent when the source cannot tell. */
  getReceiptStatus?(hash: string): Promise<TransactionOutcome>;
  /** The server's token list of the chain (spec 02 "bsc_token_list"), entries as read; absent without one. */
  getTokenList?(): Promise<TokenListEntry[]>;
  /** Broadcasts the signed transaction; returns its hash. */
  broadcast(rawTx: Hex): Promise<string>;
}

/** A history page from a backend: ready Operations (product API) or explorer records to merge (user's RPC). */
export type EvmHistoryAnswer =
  { operations: Operation[]; cursor: string | null } | { records: EvmTxRecord[]; cursor: string | null };

/** Device capabilities the adapter uses (satisfied by the device layer's Device). */
export interface EvmKeySource {
  getAddress(path: string): Promise<string>;
}
export interface EvmSigner {
  signEth(
    path: string,
    tx: string,
    options?: { onProgress?: (current: number, total: number) => void },
  ): Promise<{ rawTx: string; signature?: string }>;
}

export interface EvmSendDraft {
  intent: TransferIntent;
  feeMode: FeeMode;
  /** Custom price per gas in Gwei (feeMode 'Custom'). */
  customFeeGwei?: string | number;
  /** Coin: balance − fee − layer-1 fee; token: the whole token balance. */
  sendAll?: boolean;
  /** Tiers already shown to the user (skips a second lookup). */
  fees?: EvmFeeTiers;
  /** Token balance already known (token sends). */
  tokenBalance?: bigint;
  /** Symbol and decimals of the token sent (review rows show the amount in them). */
  token?: { symbol: string; decimals: number };
}

export interface EvmSignRequest {
  /** Signing path m/44'/60'/{i}'/0/0. */
  path: string;
  /** Serialized unsigned transaction (hex) handed to the device. */
  unsignedTx: Hex;
}

export interface EvmFeeDetails {
  gasLimit: bigint;
  tier: EvmFeeTier;
  /** price × gas limit (wei). */
  networkFee: bigint;
  /** Layer-1 fee × 1.25 (wei), 0 without an oracle. */
  l1Fee: bigint;
  /** err-28 warning (ETH/HME/XDC above 3 × high). */
  feeTooHigh: boolean;
  nonceSource: string;
}

export interface EvmBuiltTransaction extends BuiltTransaction<EvmTxPlan, EvmSignRequest> {
  intent: TransferIntent;
  /** The token sent (from the draft), for the review rows. */
  token?: { symbol: string; decimals: number };
  details: EvmFeeDetails;
}

export interface EvmFamily {
  keySource: EvmKeySource;
  draft: EvmSendDraft;
  unsigned: EvmTxPlan;
  signRequest: EvmSignRequest;
  signer: EvmSigner;
  signature: { rawTx: string };
}

export interface EvmAdapter extends ChainAdapter<EvmFamily> {
  readonly spec: EvmChainSpec;
  readonly explorer: EvmExplorerLinks;
  build(account: AccountDescriptor, draft: EvmSendDraft): Promise<EvmBuiltTransaction>;
  /** Fee tiers with their EIP-1559 / legacy details (wei). */
  getEvmFees(): Promise<EvmFeeTiers>;
  getNonce(address: string): Promise<number>;
  /** Layer-1 fee × 1.25 for a call (0 on chains without an oracle). */
  estimateL1Fee(from: string, intent: TransferIntent, nonce: number, tier: EvmFeeTier): Promise<bigint>;
  /** Add-token lookup (name, symbol, decimals) with the add rules. */
  lookupToken(contract: string, existingContracts?: readonly string[]): Promise<TokenMetadata>;
  getTokenBalances(address: string, contracts: readonly string[]): Promise<Map<string, bigint>>;
  /**
   * Token discovery from the server's token list: the listed contracts' balances (one batch) and the tokens held
   * (balance above 0). A list that cannot be read is no list ([]); a balance read that fails throws.
   */
  discoverListedTokens(address: string): Promise<HeldToken[]>;
  /**
   * What the chain reports of a broadcast transaction: 'pending' (no receipt yet, or no way to ask), 'confirmed',
   * or 'failed' — mined with receipt status 0 (reverted, out of gas): spec 01 catalogue 'transaction failed'.
   */
  transactionOutcome(hash: string): Promise<TransactionOutcome>;
  getNfts(address: string): Promise<NftAsset[]>;
  /** The receive address as shown and confirmed on the device (xdc form on XDC) and its path. */
  receiveAddress(account: AccountDescriptor): { address: string; path: string; instructionKey: string };
  /** Balance, next nonce and mined transaction count of an address (one backend call). */
  getAccount(address: string): Promise<EvmAccountSummary>;
  /** Probing only (no device table): the balance and nonce each probe already read. Prefer discoverAccounts. */
  discoverWithSummaries(
    keys: EvmFamily['keySource'],
    options?: DiscoverOptions,
  ): Promise<{ account: AccountDescriptor; summary: EvmAccountSummary }[]>;
}

export interface EvmAdapterOptions {
  /** Nonce sources tried after the backend (node provider 20 s, fallback nodes 3 s, explorer). */
  nonceFallbacks?: readonly NonceSource[];
  /** Use the larger fixed gas limits (25000 / 1200000) when estimation fails. */
  largeGasLimits?: boolean;
}

const gasPriceOracleAbi = [
  {
    type: 'function',
    name: 'getL1Fee',
    stateMutability: 'view',
    inputs: [{ name: '_data', type: 'bytes' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const;

function kindOf(intent: TransferIntent): GasKind {
  return intent.kind;
}

export function createEvmAdapter(
  spec: EvmChainSpec,
  backend: EvmBackend,
  options: EvmAdapterOptions = {},
): EvmAdapter {
  const chain = spec.symbol;
  const explorer = evmExplorerLinks(spec);

  const addressOf = (account: AccountDescriptor): Address => {
    if (!account.address) throw new Error('An EVM account needs its address');
    return toApiAddress(chain, account.address);
  };

  const getEvmFees = async (): Promise<EvmFeeTiers> => {
    if (spec.feeModel === 'gasOracle') {
      let oracle: GasOracleData | null = null;
      try {
        oracle = backend.getGasOracle ? await backend.getGasOracle() : null;
      } catch {
        oracle = null;
      }
      return gasOracleTiers(oracle);
    }
    if (spec.feeModel === 'legacy') {
      const gasPrice = await backend.getGasPrice();
      return feeTiersFromHistory(null, gasPrice);
    }
    const [history, gasPrice] = await Promise.all([
      backend.getFeeHistory(FEE_HISTORY_BLOCKS, FEE_HISTORY_PERCENTILES).catch(() => null),
      backend.getGasPrice(),
    ]);
    return spec.feeModel === 'legacyTiers'
      ? legacyTiersFromHistory(history, gasPrice)
      : feeTiersFromHistory(history, gasPrice);
  };

  const getNonce = async (address: string): Promise<{ nonce: number; source: string }> => {
    const sources: NonceSource[] = [
      {
        name: 'backend',
        timeoutMs: NONCE_TIMEOUTS_MS.backend,
        get: (a, signal) => backend.getNonce(a, signal),
      },
      ...(options.nonceFallbacks ?? []),
    ];
    return resolveNonce(address, sources);
  };

  const estimateL1Fee = async (
    from: string,
    intent: TransferIntent,
    nonce: number,
    tier: EvmFeeTier,
  ): Promise<bigint> => {
    if (!spec.l1FeeOracle) return 0n;
    const call = transferCall(from, intent);
    const dummy: EvmTxPlan = {
      chainId: spec.chainId,
      from: getAddress(from),
      nonce,
      ...call,
      gas: l1EstimateGasLimit(kindOf(intent)),
      fee: tier,
    };
    const data = encodeFunctionData({
      abi: gasPriceOracleAbi,
      functionName: 'getL1Fee',
      args: [serializeUnsigned(dummy)],
    });
    const answer = await backend.ethCall(L1_GAS_PRICE_ORACLE, data);
    return layer1Fee(answer && answer !== '0x' ? BigInt(answer.slice(0, 66)) : 0n);
  };

  const getTokenBalances = async (
    address: string,
    contracts: readonly string[],
  ): Promise<Map<string, bigint>> => {
    if (!contracts.length) return new Map();
    if (backend.getTokenBalances) return backend.getTokenBalances(toApiAddress(chain, address), contracts);
    const owner = toApiAddress(chain, address);
    const values = await Promise.all(
      contracts.map(async (c) => [c, decodeBalance(await backend.ethCall(c, balanceOfData(owner)))] as const),
    );
    return new Map(values);
  };

  const estimate = async (
    from: Address,
    call: { to: Address; value: bigint; data: Hex },
  ): Promise<bigint | null> => {
    try {
      return await backend.estimateGas({
        from,
        to: call.to,
        value: call.value,
        ...(call.data !== '0x' ? { data: call.data } : {}),
      });
    } catch {
      return null; // fixed limits (21000 coin / 200000 token)
    }
  };

  /** Probes accounts while they have activity (index 0 always), keeping the summary each probe read. */
  const discoverWithSummaries = async (keys: EvmFamily['keySource'], discover: DiscoverOptions = {}) => {
    const gap = discover.gapLimit ?? 1;
    const bip = 44 as const;
    const coinType = CHAINS[chain].coinType;
    const found: { account: AccountDescriptor; summary: EvmAccountSummary }[] = [];
    let empty = 0;
    for (let index = 0; empty < gap; index++) {
      if (discover.signal?.aborted) throw discover.signal.reason ?? new Error('aborted');
      discover.onProgress?.({ bip, index, found: found.length });
      const path = accountBasePath(bip, coinType, index);
      const address = getAddress(await keys.getAddress(signingPath(chain, path)));
      const summary = await backend.getAccount(address);
      const used = summary.balance > 0n || summary.txCount > 0 || summary.nonce > 0;
      if (used || index === 0) found.push({ account: { chain, index, bip, path, address }, summary });
      empty = used ? 0 : empty + 1;
    }
    return found;
  };

  const summaryOf = (s: EvmAccountSummary): AccountSummary => ({
    balance: s.balance,
    pending: 0n,
    txCount: Math.max(s.txCount, s.nonce),
    sequence: BigInt(s.nonce),
  });

  /** Default name of account `index`: 'Ethereum 1' on a native chain, the shortened chain name on an added one. */
  const defaultName = (index: number) =>
    chain === 'EVM' ? defaultEvmAccountName(spec.name, index) : defaultAccountName(chain, index, 44);

  /** Account indexes and names saved on the device for this chain (coin 60 and its chain id). */
  const deviceNames = async (device: DeviceAccountTable): Promise<Map<number, string>> => {
    const names = new Map<number, string>();
    for (const a of await device.getAccounts(CHAINS[chain].coinType, spec.chainId)) {
      try {
        const m = /^m\/44'\/(\d+)'\/(\d+)'$/.exec(toBareAccountPath(a.path));
        if (m && Number(m[1]) === CHAINS[chain].coinType) names.set(Number(m[2]), a.name);
      } catch {
        // not an account path
      }
    }
    return names;
  };

  const coin = { decimals: spec.decimals, symbol: spec.coin };

  return {
    chain,
    family: 'evm',
    asset: { symbol: spec.coin, decimals: spec.decimals },
    capabilities: {
      readOnly: false,
      tokens: true,
      nfts: hasNftTab(chain),
      speedUp: false,
      multipleAddresses: false,
      staking: false,
    },
    spec,
    explorer,
    getEvmFees,

    async getAccount(address) {
      return backend.getAccount(toApiAddress(chain, address));
    },

    async getNonce(address) {
      return (await getNonce(toApiAddress(chain, address))).nonce;
    },

    estimateL1Fee,
    getTokenBalances,

    async transactionOutcome(hash) {
      return backend.getReceiptStatus ? backend.getReceiptStatus(hash) : 'pending';
    },

    async discoverListedTokens(address) {
      if (!backend.getTokenList) return [];
      let list: TokenMetadata[];
      try {
        list = normalizeTokenList(await backend.getTokenList());
      } catch {
        return []; // spec 02 §7: token-list failures give empty results silently
      }
      if (!list.length) return [];
      return heldTokens(
        list,
        await getTokenBalances(
          address,
          list.map((t) => t.contract),
        ),
      );
    },

    async lookupToken(contract, existing = []) {
      return lookupToken({ ethCall: (to, data) => backend.ethCall(to, data) }, contract, existing);
    },

    async getNfts(address) {
      if (!hasNftTab(chain) || !backend.getNfts) return [];
      return backend.getNfts(toApiAddress(chain, address));
    },

    receiveAddress(account) {
      return {
        address: displayAddress(chain, addressOf(account)),
        path: signingPath(chain, account.path),
        instructionKey: receiveInstructionKey(chain),
      };
    },

    discoverWithSummaries,

    /**
     * Spec 01 §4: the device's table (coin 60 and this chain id) gives names and indexes kept even when unused;
     * probing adds index 0 and every index while it has activity. Accounts known only from the device are read
     * in parallel (one backend call each); probed ones reuse their probe's answer.
     */
    async discoverAccounts(device, discover: DiscoverOptions = {}): Promise<DiscoveredAccount[]> {
      const onDevice = await deviceNames(device);
      const probed = await discoverWithSummaries(device, discover);
      const indexes = [...new Set([...probed.map((d) => d.account.index), ...onDevice.keys()])].sort(
        (a, b) => a - b,
      );
      const coinType = CHAINS[chain].coinType;
      return Promise.all(
        indexes.map(async (index): Promise<DiscoveredAccount> => {
          const hit = probed.find((d) => d.account.index === index);
          const path = accountBasePath(44, coinType, index);
          const address =
            hit?.account.address ?? getAddress(await device.getAddress(signingPath(chain, path)));
          const s = hit?.summary ?? (await backend.getAccount(address));
          const fallback = defaultName(index);
          return {
            descriptor: { chain, index, bip: 44, path, address },
            summary: summaryOf(s),
            name: onDevice.has(index) ? sanitizeRecoveredName(onDevice.get(index), fallback) : fallback,
            onDevice: onDevice.has(index),
          };
        }),
      );
    },

    async getAccountSummary(account) {
      return summaryOf(await backend.getAccount(addressOf(account)));
    },

    async getAccountState(account): Promise<AccountState> {
      const s = summaryOf(await backend.getAccount(addressOf(account)));
      return { ...s, available: s.balance };
    },

    async getReceiveAddress(account): Promise<ReceiveAddress> {
      return {
        address: displayAddress(chain, addressOf(account)),
        path: signingPath(chain, account.path),
        instructionKey: receiveInstructionKey(chain),
      };
    },

    async getHistory(account, cursor = null): Promise<HistoryPage> {
      const address = addressOf(account);
      const page = await backend.getTransactions(address, cursor);
      // The server's Operations are used as they are; only explorer records (a chain the user added) are merged here.
      const operations = 'operations' in page ? page.operations : mergeEvmHistory(address, page.records);
      return { operations, cursor: page.cursor };
    },

    async getFees(): Promise<FeeOptions> {
      const t = await getEvmFees();
      return { tiers: tiersInGwei(t), unit: 'Gwei', hidden: CHAINS[chain].hiddenFee };
    },

    async build(account, draft): Promise<EvmBuiltTransaction> {
      const from = addressOf(account);
      const intent = draft.intent;
      if (
        validateEvmRecipient(chain, intent.to) !== 'ok' ||
        !isAddress(toApiAddressSafe(chain, intent.to), { strict: false })
      ) {
        throw new CoreError('invalidAddress');
      }
      const to = toApiAddress(chain, intent.to);
      const fees = draft.fees ?? (await getEvmFees());
      const tier = selectFeeTier(fees, draft.feeMode, draft.customFeeGwei);

      // Contracts in API form (an 'xdc…' contract on XDC becomes 0x…); the whole intent is normalised once.
      let resolved: TransferIntent =
        intent.kind === 'coin'
          ? { ...intent, to }
          : { ...intent, to, contract: toApiAddressSafe(chain, intent.contract) };
      const tokenContract = resolved.kind === 'token' ? resolved.contract : undefined;
      const needsTokenBalance = tokenContract !== undefined && draft.tokenBalance === undefined;
      const [summary, nonce, tokenBalances] = await Promise.all([
        backend.getAccount(from),
        getNonce(from),
        needsTokenBalance ? getTokenBalances(from, [tokenContract]) : Promise.resolve(undefined),
      ]);
      const tokenBalance =
        tokenContract === undefined
          ? 0n
          : (draft.tokenBalance ??
            [...(tokenBalances ?? new Map<string, bigint>())].find(
              ([c]) => c.toLowerCase() === tokenContract.toLowerCase(),
            )?.[1] ??
            0n);

      // The amount of a send-all token transfer is the whole token balance.
      if (resolved.kind === 'token' && draft.sendAll) resolved = { ...resolved, amount: tokenBalance };
      const probe = resolved.kind === 'coin' && draft.sendAll ? { ...resolved, amount: 0n } : resolved;
      const gasEstimate = await estimate(from, transferCall(from, probe));
      const gasLimit = resolveGasLimit(kindOf(intent), gasEstimate, {
        large: options.largeGasLimits ?? false,
      });
      const fee = networkFee(tier, gasLimit);
      const l1Fee = await estimateL1Fee(from, resolved, nonce.nonce, tier);

      if (resolved.kind === 'coin') {
        const amount = coinSendAmount({
          balance: summary.balance,
          fee,
          l1Fee,
          amount: resolved.amount,
          sendAll: draft.sendAll ?? false,
        });
        resolved = { ...resolved, amount };
      } else if (resolved.kind === 'token') {
        checkTokenSend({
          coinBalance: summary.balance,
          tokenBalance,
          amount: resolved.amount,
          fee,
          l1Fee,
          coin: spec.coin,
        });
      } else {
        assertEvmFeeCovered(summary.balance, fee, l1Fee);
      }

      const call = transferCall(from, resolved);
      const plan: EvmTxPlan = {
        chainId: spec.chainId,
        from,
        nonce: nonce.nonce,
        ...call,
        gas: gasLimit,
        fee: tier,
      };
      const amount = resolved.kind === 'nft' ? (resolved.amount ?? 1n) : resolved.amount;
      const totalFee = fee + l1Fee;
      return {
        intent: resolved,
        ...(draft.token && resolved.kind === 'token' ? { token: draft.token } : {}),
        unsigned: plan,
        signRequest: { path: signingPath(chain, account.path), unsignedTx: serializeUnsigned(plan) },
        review: {
          recipient: displayAddress(chain, to),
          amount,
          fee: totalFee,
          feeRate: weiToGwei(tierPrice(tier)),
          total: resolved.kind === 'coin' ? amount + totalFee : totalFee,
        },
        details: {
          gasLimit,
          tier,
          networkFee: fee,
          l1Fee,
          feeTooHigh: isFeeTooHigh(chain, tierPrice(tier), fees),
          nonceSource: nonce.source,
        },
      };
    },

    reviewRows(built): ReviewRow[] {
      const r = built.review;
      const b = built as EvmBuiltTransaction;
      const moved =
        b.intent?.kind === 'coin'
          ? coin
          : b.intent?.kind === 'token'
            ? (b.token ?? { decimals: 0, symbol: '' })
            : { decimals: 0, symbol: 'NFT' };
      return [
        { labelKey: 'send.recipient', value: { type: 'address', value: r.recipient } },
        { labelKey: 'send.amountLabel', value: { type: 'amount', value: r.amount, ...moved } },
        { labelKey: 'send.networkFee', value: { type: 'amount', value: r.fee, ...coin } },
        // The layer-1 data fee of rollups (part of the network fee above), when the chain has one.
        ...((b.details?.l1Fee ?? 0n) > 0n
          ? [
              {
                labelKey: 'evm.l1Fee',
                value: { type: 'amount', value: b.details.l1Fee, ...coin },
              } as ReviewRow,
            ]
          : []),
        ...(r.feeRate !== undefined
          ? [
              {
                labelKey: 'evm.gasPrice',
                value: { type: 'feeRate', value: r.feeRate, unit: 'Gwei' },
              } as ReviewRow,
            ]
          : []),
        { labelKey: 'send.total', value: { type: 'amount', value: r.total, ...coin } },
      ];
    },

    async sign(signer, built, signOptions = {}) {
      const r = await signer.signEth(
        built.signRequest.path,
        built.signRequest.unsignedTx,
        signOptions.onProgress ? { onProgress: signOptions.onProgress } : {},
      );
      return { rawTx: r.rawTx };
    },

    finalize(built, signature): SignedTransaction {
      const { hash, raw } = finalizeSignedTx(built.unsigned, signature.rawTx);
      return { hash, raw };
    },

    async broadcast(tx) {
      return backend.broadcast((tx.raw.startsWith('0x') ? tx.raw : `0x${tx.raw}`) as Hex);
    },

    validateAddress(address) {
      return validateEvmRecipient(chain, address);
    },
  };
}

function toApiAddressSafe(chain: EvmChainSpec['symbol'], text: string): string {
  const t = text.trim();
  return chain === 'XDC' ? t.replace(/^xdc/i, '0x') : t;
}
