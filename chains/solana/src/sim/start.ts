/**
 * Starts the Solana node for startLocalnet: LiteSVM funded for the emulator's first SOL accounts, with one SPL mint,
 * one Token-2022 mint with a transfer fee (TransferFeeConfig) and one SPL mint named only by its Metaplex metadata
 * account (written directly, the program is not deployed), all held by the first account; slots advance on
 * the slot interval; served as two nodes of the same ledger (the provider's random pick and retry) on loopback only.
 */
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  lamports,
  type Address,
  type Instruction,
  type KeyPairSigner,
  AccountRole,
} from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToCheckedInstruction,
} from '@solana-program/token';
import { SOLANA_CONTROL_PREFIX, SolanaSimulator, transactionErrorJson } from './simulator.js';
import { solPath, solanaSigner } from './keys.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM, initializeTransferFeeConfigData } from './tokenLayout.js';
import { writeMetaplex } from './metaplexLayout.js';

/** Default ports of the two nodes (a validator's RPC port is 8899). */
export const DEFAULT_SOLANA_PORTS = [8899, 8900] as const;
export const SOL_FUNDED = [20_000_000_000n, 5_000_000_000n] as const;

export interface SolanaToken {
  mint: string;
  symbol: string;
  name: string;
  program: 'spl-token' | 'spl-token-2022';
  decimals: number;
  /** Token units held by the first account. */
  amount: string;
  transferFee?: { basisPoints: number; maximumFee: string };
  /**
   * false: the server's token list does not name it; its name is only in its Metaplex metadata account (the
   * server reads it from there and marks it unverified).
   */
  listed?: boolean;
}

export interface SolanaInfo {
  /** The two nodes' JSON-RPC URLs (the server's provider picks one at random and retries on the other). */
  rpcUrls: string[];
  /** What the nodes answer to getGenesisHash (the server's chain check in the local profile). */
  genesisHash: string;
  /** Slot interval (ms); a blockhash lives 150 slots. */
  slotMs: number;
  /** Test-only control: POST `${controlUrl}/advance` {"blocks": n}. */
  controlUrl: string;
  accounts: { path: string; address: string; lamports: string }[];
  tokens: SolanaToken[];
  /** A wallet whose Token-2022 account (of the LFEE mint) requires a memo on incoming transfers (MemoTransfer). */
  memoRequired: { owner: string; tokenAccount: string };
}

async function run(sim: SolanaSimulator, payer: KeyPairSigner, instructions: Instruction[]): Promise<void> {
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: sim.svm.latestBlockhash(), lastValidBlockHeight: BigInt(sim.blockHeight + 150) },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const tx = await signTransactionMessageWithSigners(message);
  const r = sim.svm.sendTransaction(tx);
  if ('err' in r && typeof r.err === 'function')
    throw new Error(`localnet Solana genesis failed: ${JSON.stringify(transactionErrorJson(r as never))}`);
}

/** Creates a mint (SPL Token or Token-2022 with a transfer fee), the holder's associated account and its supply. */
async function createMint(
  sim: SolanaSimulator,
  authority: KeyPairSigner,
  holder: Address,
  t: { program: string; decimals: number; amount: bigint; fee?: { bps: number; max: bigint } },
): Promise<Address> {
  const mint = await generateKeyPairSigner();
  // Mint sizes: SPL 82; Token-2022 with TransferFeeConfig = 165 (padded base) + 1 (type) + 4 + 108 (the extension).
  const space = t.fee ? 278 : 82;
  const ixs: Instruction[] = [
    getCreateAccountInstruction({
      payer: authority,
      newAccount: mint,
      lamports: sim.svm.minimumBalanceForRentExemption(BigInt(space)),
      space,
      programAddress: t.program as Address,
    }),
  ];
  if (t.fee) {
    const key = new Uint8Array(getAddressEncoder().encode(authority.address));
    ixs.push({
      programAddress: TOKEN_2022_PROGRAM as Address,
      accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
      data: initializeTransferFeeConfigData(key, key, t.fee.bps, t.fee.max),
    });
  }
  ixs.push(
    getInitializeMint2Instruction(
      { mint: mint.address, decimals: t.decimals, mintAuthority: authority.address },
      { programAddress: t.program as Address },
    ),
  );
  await run(sim, authority, ixs);
  const [ata] = await findAssociatedTokenPda({
    owner: holder,
    mint: mint.address,
    tokenProgram: t.program as Address,
  });
  await run(sim, authority, [
    getCreateAssociatedTokenIdempotentInstruction({
      payer: authority,
      ata,
      owner: holder,
      mint: mint.address,
      tokenProgram: t.program as Address,
    }),
    getMintToCheckedInstruction(
      { mint: mint.address, token: ata, mintAuthority: authority, amount: t.amount, decimals: t.decimals },
      { programAddress: t.program as Address },
    ),
  ]);
  return mint.address;
}

/**
 * A wallet with a Token-2022 account that requires incoming memos: its associated account of the mint, grown for the
 * MemoTransfer extension and switched on (spl-token-2022 `instruction.rs` / `extension/memo_transfer/instruction.rs`):
 * - Reallocate: data [29, extension types as u16 LE…]; accounts [account (w), payer (ws), system program, owner (s)];
 * - EnableRequiredMemoTransfers: data [30 (MemoTransferExtension), 0 (Enable)]; accounts [account (w), owner (s)].
 */
async function memoRequiredAccount(
  sim: SolanaSimulator,
  payer: KeyPairSigner,
  mint: Address,
): Promise<{ owner: string; tokenAccount: string }> {
  const owner = await generateKeyPairSigner();
  sim.svm.airdrop(owner.address, lamports(1_000_000_000n));
  const [ata] = await findAssociatedTokenPda({
    owner: owner.address,
    mint,
    tokenProgram: TOKEN_2022_PROGRAM as Address,
  });
  const MEMO_TRANSFER = 8;
  await run(sim, payer, [
    getCreateAssociatedTokenIdempotentInstruction({
      payer,
      ata,
      owner: owner.address,
      mint,
      tokenProgram: TOKEN_2022_PROGRAM as Address,
    }),
    {
      programAddress: TOKEN_2022_PROGRAM as Address,
      accounts: [
        { address: ata, role: AccountRole.WRITABLE },
        { address: payer.address, role: AccountRole.WRITABLE_SIGNER, signer: payer },
        { address: '11111111111111111111111111111111' as Address, role: AccountRole.READONLY },
        { address: owner.address, role: AccountRole.READONLY_SIGNER, signer: owner },
      ],
      data: new Uint8Array([29, MEMO_TRANSFER, 0]),
    },
    {
      programAddress: TOKEN_2022_PROGRAM as Address,
      accounts: [
        { address: ata, role: AccountRole.WRITABLE },
        { address: owner.address, role: AccountRole.READONLY_SIGNER, signer: owner },
      ],
      data: new Uint8Array([30, 0]),
    },
  ] as Instruction[]);
  return { owner: owner.address, tokenAccount: ata };
}

/** The token named only by its Metaplex metadata account. */
export const METAPLEX_TOKEN = { symbol: 'LMPX', name: 'Local Metaplex Token' } as const;

export async function startSolana(o: {
  mnemonic: string;
  host: string;
  ports: readonly number[];
  slotMs: number;
  /** getGenesisHash's answer: the local ledger's by default; mainnet-beta's for a mainnet rehearsal's stand-in. */
  genesisHash?: string;
}): Promise<{ info: SolanaInfo; simulator: SolanaSimulator; stop: () => Promise<void> }> {
  const sim = new SolanaSimulator({
    slotMs: o.slotMs,
    ...(o.genesisHash ? { genesisHash: o.genesisHash } : {}),
  });
  const accounts = await Promise.all(SOL_FUNDED.map((_, i) => solanaSigner(o.mnemonic, i)));
  accounts.forEach((a, i) => sim.svm.airdrop(a.address, lamports(SOL_FUNDED[i]!)));
  const authority = await generateKeyPairSigner();
  sim.svm.airdrop(authority.address, lamports(100_000_000_000n));
  const holder = accounts[0]!.address;
  const spl = await createMint(sim, authority, holder, {
    program: TOKEN_PROGRAM,
    decimals: 6,
    amount: 1_000_000_000_000n,
  });
  const t22 = await createMint(sim, authority, holder, {
    program: TOKEN_2022_PROGRAM,
    decimals: 6,
    amount: 1_000_000_000_000n,
    fee: { bps: 100, max: 1_000_000n },
  });
  const memo = await memoRequiredAccount(sim, authority, t22);
  const mpx = await createMint(sim, authority, holder, {
    program: TOKEN_PROGRAM,
    decimals: 9,
    amount: 5_000_000_000n,
  });
  await writeMetaplex(sim.svm, {
    updateAuthority: authority.address,
    mint: mpx,
    name: METAPLEX_TOKEN.name,
    symbol: METAPLEX_TOKEN.symbol,
    uri: 'https://example.invalid/local-metaplex-token.json',
  });
  const rpcUrls = await sim.start(o.ports, o.host);
  return {
    simulator: sim,
    stop: () => sim.stop(),
    info: {
      rpcUrls,
      genesisHash: sim.genesisHash,
      slotMs: o.slotMs,
      controlUrl: `${rpcUrls[0]}${SOLANA_CONTROL_PREFIX}`,
      memoRequired: memo,
      accounts: accounts.map((a, i) => ({
        path: solPath(i),
        address: a.address,
        lamports: SOL_FUNDED[i]!.toString(),
      })),
      tokens: [
        {
          mint: spl,
          symbol: 'LUSDC',
          name: 'Local USD Coin',
          program: 'spl-token',
          decimals: 6,
          amount: '1000000000000',
        },
        {
          mint: t22,
          symbol: 'LFEE',
          name: 'Local Fee Token',
          program: 'spl-token-2022',
          decimals: 6,
          amount: '1000000000000',
          transferFee: { basisPoints: 100, maximumFee: '1000000' },
        },
        {
          mint: mpx,
          ...METAPLEX_TOKEN,
          program: 'spl-token',
          decimals: 9,
          amount: '5000000000',
          listed: false,
        },
      ],
    },
  };
}
