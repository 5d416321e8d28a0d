/**
 * Integration test: starts the whole localnet on free loopback ports and checks it over JSON-RPC.
 * Litecoin is required (`ltc.required`): without litecoind the suite fails, it is never skipped (the test command installs it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { base58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from '@bitcoinerlab/secp256k1';
import { createPublicClient, createWalletClient, erc20Abi, http, parseAbi, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  DEFAULT_EVM_COIN_PORTS,
  DEFAULT_MNEMONIC,
  EVM_COINS,
  LITECOIN_REGTEST,
  LUSD_SUPPLY,
  expectedContractAddresses,
  localnetChain,
  ltcRpc,
  readEndpoints,
  startLocalnet,
  type Localnet,
} from './index.js';

const ACCOUNT0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

let net: Localnet;
let tmp: string;
const logs: string[] = [];
const root = HDKey.fromMasterSeed(mnemonicToSeedSync(DEFAULT_MNEMONIC));
const keyAt = (p: string) => root.derive(p);

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-localnet-test-'));
  net = await startLocalnet({
    dataDir: tmp,
    cacheDir: path.join(os.tmpdir(), 'secux-localnet-cache'),
    evm: { port: 0 },
    sideEvm: { port: 0 },
    ltc: { rpcPort: 0, p2pPort: 0, required: true, binary: process.env.LITECOIND?.trim() || undefined },
    blockIntervalMs: 1000,
    handleSignals: false,
    log: (m) => logs.push(m),
    env: {},
  });
  console.log(`${logs.join('\n')}\nlocalnet started in ${net.startupMs} ms`);
}, 120_000);

afterAll(async () => {
  const child = net?.ltc?.pid ?? 0;
  await net?.stop();
  if (child) expect(fs.existsSync(`/proc/${child}`)).toBe(false);
  expect(fs.existsSync(path.join(tmp, 'endpoints.json'))).toBe(false);
  fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

describe('localnet', () => {
  it('writes endpoints.json and starts in reasonable time', () => {
    const ep = readEndpoints(path.join(tmp, 'endpoints.json'));
    expect(ep?.evm.rpcUrl).toBe(net.evm.rpcUrl);
    expect(ep?.evm.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ep?.sideEvm?.rpcUrl).toBe(net.sideEvm?.rpcUrl);
    expect(ep?.sideEvm?.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ep?.sideEvm?.rpcUrl).not.toBe(net.evm.rpcUrl);
    expect(ep?.ltc?.rpcUrl ?? null).toBe(net.ltc?.rpcUrl ?? null);
    expect(net.startupMs).toBeLessThan(60_000);
    expect(net.ltc).not.toBeNull();
  });
});

describe('EVM chain', () => {
  const pub = () =>
    createPublicClient({ chain: localnetChain(net.evm.rpcUrl), transport: http(net.evm.rpcUrl) });

  it('has chain id 31337, funded accounts and deterministic contract addresses', async () => {
    const c = pub();
    expect(await c.getChainId()).toBe(31337);
    expect(net.evm.accounts[0]!.address).toBe(ACCOUNT0);
    expect(await c.getBalance({ address: ACCOUNT0 })).toBe(parseEther('100'));
    expect(await c.getBalance({ address: net.evm.accounts[4]!.address })).toBe(parseEther('100'));
    expect(net.evm.contracts).toEqual(expectedContractAddresses());
    // Pinned: documented in README.md and usable as constants by the wallet.
    expect(net.evm.contracts).toEqual({
      erc20: '0x9AD50244681e313eeF77adD770A9F3dBE000406b',
      erc721: '0x7f5BF9fC3e8d048947893991358c0A67738484bc',
      erc1155: '0x553dF85af3414C983ba22fFcB12A22D50700e685',
    });
  });

  it('account 0 holds 1,000,000 LUSD, Local Punks 1 and 2 and Local Items', async () => {
    const c = pub();
    const { erc20, erc721, erc1155 } = net.evm.contracts;
    expect(await c.readContract({ address: erc20, abi: erc20Abi, functionName: 'symbol' })).toBe('LUSD');
    expect(await c.readContract({ address: erc20, abi: erc20Abi, functionName: 'name' })).toBe('Local USD');
    expect(await c.readContract({ address: erc20, abi: erc20Abi, functionName: 'decimals' })).toBe(6);
    expect(
      await c.readContract({ address: erc20, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT0] }),
    ).toBe(LUSD_SUPPLY);

    const nft = parseAbi([
      'function name() view returns (string)',
      'function balanceOf(address) view returns (uint256)',
      'function ownerOf(uint256) view returns (address)',
      'function tokenURI(uint256) view returns (string)',
      'function supportsInterface(bytes4) view returns (bool)',
    ]);
    expect(await c.readContract({ address: erc721, abi: nft, functionName: 'name' })).toBe('Local Punks');
    expect(
      await c.readContract({ address: erc721, abi: nft, functionName: 'balanceOf', args: [ACCOUNT0] }),
    ).toBe(2n);
    expect(await c.readContract({ address: erc721, abi: nft, functionName: 'ownerOf', args: [1n] })).toBe(
      ACCOUNT0,
    );
    expect(await c.readContract({ address: erc721, abi: nft, functionName: 'ownerOf', args: [2n] })).toBe(
      ACCOUNT0,
    );
    expect(
      await c.readContract({
        address: erc721,
        abi: nft,
        functionName: 'supportsInterface',
        args: ['0x80ac58cd'],
      }),
    ).toBe(true);
    const uri = await c.readContract({ address: erc721, abi: nft, functionName: 'tokenURI', args: [1n] });
    expect(uri.startsWith('data:application/json;base64,')).toBe(true);
    const meta = JSON.parse(Buffer.from(uri.split(',')[1]!, 'base64').toString()) as {
      name: string;
      image: string;
    };
    expect(meta.name).toBe('Local Punk 1');
    expect(Buffer.from(meta.image.split(',')[1]!, 'base64').toString()).toContain('<svg');

    const multi = parseAbi([
      'function balanceOf(address,uint256) view returns (uint256)',
      'function uri(uint256) view returns (string)',
    ]);
    expect(
      await c.readContract({ address: erc1155, abi: multi, functionName: 'balanceOf', args: [ACCOUNT0, 1n] }),
    ).toBe(10n);
    expect(
      await c.readContract({ address: erc1155, abi: multi, functionName: 'balanceOf', args: [ACCOUNT0, 2n] }),
    ).toBe(1n);
  });

  it("confirms a raw transaction signed with the key of m/44'/60'/0'/0/0", async () => {
    const c = pub();
    const account = privateKeyToAccount(`0x${bytesToHex(keyAt("m/44'/60'/0'/0/0").privateKey!)}` as Hex);
    expect(account.address).toBe(ACCOUNT0);
    const to = net.evm.accounts[1]!.address;
    const before = await c.getBalance({ address: to });
    const block = await c.getBlock();
    const raw = await account.signTransaction({
      chainId: 31337,
      type: 'eip1559',
      to,
      value: parseEther('1.5'),
      nonce: await c.getTransactionCount({ address: ACCOUNT0 }),
      gas: 21000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + 1_000_000_000n,
    });
    const hash = await c.sendRawTransaction({ serializedTransaction: raw });
    const receipt = await c.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    expect(receipt.status).toBe('success');
    expect(receipt.blockNumber).toBeGreaterThan(0n);
    expect(await c.getBalance({ address: to })).toBe(before + parseEther('1.5'));

    // An ERC-20 transfer through viem's wallet client (prepares gas/fees itself).
    const w = createWalletClient({
      account,
      chain: localnetChain(net.evm.rpcUrl),
      transport: http(net.evm.rpcUrl),
    });
    const t0 = Date.now();
    const tx = await w.writeContract({
      address: net.evm.contracts.erc20,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, 25_000_000n],
    });
    expect((await c.waitForTransactionReceipt({ hash: tx, pollingInterval: 100 })).status).toBe('success');
    console.log(`viem writeContract over HTTP took ${Date.now() - t0} ms`);
    expect(
      await c.readContract({
        address: net.evm.contracts.erc20,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [to],
      }),
    ).toBe(25_000_000n);
  });

  it('mines interval blocks', async () => {
    const c = pub();
    const n = await c.getBlockNumber({ cacheTime: 0 });
    await new Promise((r) => setTimeout(r, 2200));
    expect(await c.getBlockNumber({ cacheTime: 0 })).toBeGreaterThan(n);
  });
});

describe('EVM side chain', () => {
  const pub = () => {
    const side = net.sideEvm!;
    return createPublicClient({
      chain: localnetChain(side.rpcUrl, side.chainId),
      transport: http(side.rpcUrl),
    });
  };

  it('has chain id 31338, the same funded accounts and no token contracts', async () => {
    expect(net.sideEvm).toBeTruthy();
    const c = pub();
    expect(net.sideEvm!.chainId).toBe(31338);
    expect(await c.getChainId()).toBe(31338);
    expect(net.sideEvm!.accounts.map((a) => a.address)).toEqual(net.evm.accounts.map((a) => a.address));
    expect(net.sideEvm!.accounts[0]!.address).toBe(ACCOUNT0);
    expect(await c.getBalance({ address: ACCOUNT0 })).toBe(parseEther('100'));
    expect(await c.getBalance({ address: net.sideEvm!.accounts[4]!.address })).toBe(parseEther('100'));
    // Nothing deployed: no code at the main chain's LUSD address, and no contract fields in its info.
    expect(await c.getCode({ address: '0x9AD50244681e313eeF77adD770A9F3dBE000406b' })).toBeUndefined();
    expect(net.sideEvm).not.toHaveProperty('contracts');
    expect(net.sideEvm!.blockIntervalMs).toBe(net.evm.blockIntervalMs);
  });

  it('confirms a raw transaction signed for chain id 31338', async () => {
    const c = pub();
    const account = privateKeyToAccount(`0x${bytesToHex(keyAt("m/44'/60'/0'/0/0").privateKey!)}` as Hex);
    const to = net.sideEvm!.accounts[2]!.address;
    const before = await c.getBalance({ address: to });
    const block = await c.getBlock();
    const raw = await account.signTransaction({
      chainId: 31338,
      type: 'eip1559',
      to,
      value: parseEther('0.5'),
      nonce: await c.getTransactionCount({ address: ACCOUNT0 }),
      gas: 21000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + 1_000_000_000n,
    });
    const hash = await c.sendRawTransaction({ serializedTransaction: raw });
    expect((await c.waitForTransactionReceipt({ hash, pollingInterval: 100 })).status).toBe('success');
    expect(await c.getBalance({ address: to })).toBe(before + parseEther('0.5'));
  });
});

describe("the EVM coins' chains (TETH, BSC, TBSC, XDC, HME)", () => {
  // The chain ids the wallet expects (core's chain table), written out so that a change there is noticed here.
  const CHAIN_IDS = { TETH: 11155111, BSC: 56, TBSC: 97, XDC: 50, HME: 886 } as const;
  const client = (rpcUrl: string, chainId: number) =>
    createPublicClient({ chain: localnetChain(rpcUrl, chainId), transport: http(rpcUrl) });

  it('each runs on its own chain id and free port, written to endpoints.json', async () => {
    const ep = readEndpoints(path.join(tmp, 'endpoints.json'));
    expect(Object.keys(net.evmCoins)).toEqual([...EVM_COINS]);
    const ports = new Set([net.evm.port, net.sideEvm!.port]);
    for (const coin of EVM_COINS) {
      const info = net.evmCoins[coin]!;
      expect(ep?.evmCoins?.[coin]?.rpcUrl).toBe(info.rpcUrl);
      expect(info.chainId).toBe(CHAIN_IDS[coin]);
      expect(await client(info.rpcUrl, info.chainId).getChainId()).toBe(CHAIN_IDS[coin]);
      // main chain on port 0 → free ports, never the defaults a running `npm start` listens on
      expect(info.port).not.toBe(DEFAULT_EVM_COIN_PORTS[coin]);
      expect(ports.has(info.port)).toBe(false);
      ports.add(info.port);
    }
  });

  it("funds the emulator's accounts (coin type 60, XDC's too) and holds the same contracts", async () => {
    for (const coin of EVM_COINS) {
      const info = net.evmCoins[coin]!;
      const c = client(info.rpcUrl, info.chainId);
      expect(info.accounts[0]).toMatchObject({ path: "m/44'/60'/0'/0/0", address: ACCOUNT0 });
      expect(await c.getBalance({ address: ACCOUNT0 })).toBe(parseEther('100'));
      expect(await c.getBalance({ address: info.accounts[4]!.address })).toBe(parseEther('100'));
      expect(info.contracts).toEqual(net.evm.contracts);
      expect(
        await c.readContract({
          address: info.contracts.erc20,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [ACCOUNT0],
        }),
      ).toBe(LUSD_SUPPLY);
    }
  });

  it("confirms a transaction signed for the coin's chain id and refuses one signed for another chain", async () => {
    const info = net.evmCoins.BSC!;
    const c = client(info.rpcUrl, info.chainId);
    const account = privateKeyToAccount(`0x${bytesToHex(keyAt("m/44'/60'/0'/0/0").privateKey!)}` as Hex);
    const to = info.accounts[1]!.address;
    const before = await c.getBalance({ address: to });
    const nonce = await c.getTransactionCount({ address: ACCOUNT0 });
    const gasPrice = (await c.getGasPrice()) * 2n;
    // Signed for the ETH chain: refused. (anvil 1.7.1 checks the chain id of typed transactions only; a legacy one
    // signed for another chain id is accepted, so the wallet's e2e tests check the chain id of what was mined.)
    const foreign = await account.signTransaction({
      chainId: 31337,
      type: 'eip1559',
      to,
      value: parseEther('0.25'),
      nonce,
      gas: 21000n,
      maxFeePerGas: gasPrice,
      maxPriorityFeePerGas: 1n,
    });
    await expect(c.sendRawTransaction({ serializedTransaction: foreign })).rejects.toThrow(
      /invalid chain id/i,
    );
    // BSC's legacy form, EIP-155 signed for chain 56
    const raw = await account.signTransaction({
      chainId: 56,
      type: 'legacy',
      to,
      value: parseEther('0.25'),
      nonce,
      gas: 21000n,
      gasPrice,
    });
    const hash = await c.sendRawTransaction({ serializedTransaction: raw });
    expect((await c.waitForTransactionReceipt({ hash, pollingInterval: 100 })).status).toBe('success');
    expect((await c.getTransaction({ hash })).chainId).toBe(56);
    expect(await c.getBalance({ address: to })).toBe(before + parseEther('0.25'));
  });
});

describe('Litecoin regtest', () => {
  const rpc = <T = unknown>(method: string, params: unknown[] = [], wallet?: string) =>
    ltcRpc(net.ltc!.rpcUrl, net.ltc!.rpcUser, net.ltc!.rpcPassword)<T>(method, params, wallet);
  const b58 = base58check(sha256);
  const net_ = LITECOIN_REGTEST as unknown as bitcoin.Network;
  const ltcKey = (p: string) => {
    const k = keyAt(p);
    return { publicKey: k.publicKey!, privateKey: k.privateKey! };
  };
  interface Scan {
    success: boolean;
    total_amount: number;
    unspents: { txid: string; vout: number; amount: number; scriptPubKey: string; height: number }[];
  }

  it('uses the documented regtest version bytes (checked against litecoind)', async () => {
    const legacy = await rpc<string>('getnewaddress', ['', 'legacy'], 'miner');
    const wrapped = await rpc<string>('getnewaddress', ['', 'p2sh-segwit'], 'miner');
    const bech = await rpc<string>('getnewaddress', ['', 'bech32'], 'miner');
    expect(b58.decode(legacy)[0]).toBe(0x6f);
    expect(b58.decode(wrapped)[0]).toBe(0x3a);
    expect(bech.startsWith('rltc1q')).toBe(true);
    // bitcoinjs-lib with these params produces the addresses litecoind validates.
    const pk = ltcKey("m/44'/2'/0'/0/0").publicKey;
    expect(bitcoin.payments.p2pkh({ pubkey: pk, network: net_ }).address).toBe(net.ltc!.funded[0]!.address);
    for (const f of net.ltc!.funded) {
      const v = await rpc<{ isvalid: boolean; address: string }>('validateaddress', [f.address]);
      expect(v).toMatchObject({ isvalid: true, address: f.address });
    }
    // The old 0xc4 P2SH form is accepted and normalized to 0x3a.
    const d = Uint8Array.from(b58.decode(wrapped));
    d[0] = 0xc4;
    expect(
      await rpc<{ isvalid: boolean; address: string }>('validateaddress', [b58.encode(d)]),
    ).toMatchObject({ isvalid: true, address: wrapped });
  });

  it('funded the emulator addresses (scantxoutset, watch-only wallet)', async () => {
    const paths = net.ltc!.funded.map((f) => f.path);
    expect(paths).toEqual([
      "m/44'/2'/0'/0/0",
      "m/44'/2'/1'/0/0",
      "m/49'/2'/0'/0/0",
      "m/49'/2'/1'/0/0",
      "m/84'/2'/0'/0/0",
    ]);
    for (const f of net.ltc!.funded) {
      const scan = await rpc<Scan>('scantxoutset', ['start', [`addr(${f.address})`]]);
      expect(scan.success).toBe(true);
      expect(scan.total_amount).toBe(5);
    }
    expect(net.ltc!.funded[2]!.address.startsWith('Q')).toBe(true);
    expect(net.ltc!.funded[4]!.address.startsWith('rltc1q')).toBe(true);
    const txs = await rpc<{ address: string; category: string }[]>(
      'listtransactions',
      ['*', 100, 0, true],
      'watch',
    );
    expect(new Set(txs.filter((t) => t.category === 'receive').map((t) => t.address))).toEqual(
      new Set(net.ltc!.funded.map((f) => f.address)),
    );
  });

  it('accepts and confirms a raw transaction built with bitcoinjs-lib (P2PKH + P2SH-P2WPKH inputs)', async () => {
    const legacy = ltcKey("m/44'/2'/0'/0/0");
    const wrapped = ltcKey("m/49'/2'/0'/0/0");
    const p2pkh = bitcoin.payments.p2pkh({ pubkey: legacy.publicKey, network: net_ });
    const p2wpkh = bitcoin.payments.p2wpkh({ pubkey: wrapped.publicKey, network: net_ });
    const p2sh = bitcoin.payments.p2sh({ redeem: p2wpkh, network: net_ });
    expect(p2pkh.address).toBe(net.ltc!.funded[0]!.address);
    expect(p2sh.address).toBe(net.ltc!.funded[2]!.address);

    const u1 = (await rpc<Scan>('scantxoutset', ['start', [`addr(${p2pkh.address})`]])).unspents[0]!;
    const u2 = (await rpc<Scan>('scantxoutset', ['start', [`addr(${p2sh.address})`]])).unspents[0]!;
    const prevHex = await rpc<string>('getrawtransaction', [u1.txid]);
    const litoshi = (ltc: number) => BigInt(Math.round(ltc * 1e8));

    const psbt = new bitcoin.Psbt({ network: net_ });
    psbt.addInput({ hash: u1.txid, index: u1.vout, nonWitnessUtxo: Buffer.from(prevHex, 'hex') });
    psbt.addInput({
      hash: u2.txid,
      index: u2.vout,
      witnessUtxo: { script: Buffer.from(u2.scriptPubKey, 'hex'), value: litoshi(u2.amount) },
      redeemScript: p2sh.redeem!.output!,
    });
    const dest = net.ltc!.funded[4]!.address; // rltc1q...
    const fee = 20_000n;
    psbt.addOutput({ address: dest, value: litoshi(1.25) });
    psbt.addOutput({
      address: p2pkh.address!,
      value: litoshi(u1.amount) + litoshi(u2.amount) - litoshi(1.25) - fee,
    });
    const signer = (k: { publicKey: Uint8Array; privateKey: Uint8Array }) => ({
      publicKey: k.publicKey,
      sign: (hash: Uint8Array) => ecc.sign(hash, k.privateKey),
    });
    psbt.signInput(0, signer(legacy)).signInput(1, signer(wrapped));
    const validator = (pubkey: Uint8Array, hash: Uint8Array, sig: Uint8Array) =>
      ecc.verify(hash, pubkey, sig);
    expect(psbt.validateSignaturesOfInput(0, validator)).toBe(true);
    expect(psbt.validateSignaturesOfInput(1, validator)).toBe(true);
    psbt.finalizeAllInputs();
    const tx = psbt.extractTransaction();

    const txid = await rpc<string>('sendrawtransaction', [tx.toHex()]);
    expect(txid).toBe(tx.getId());
    // The interval miner (1 s here) confirms it (it may already have).
    const deadline = Date.now() + 15_000;
    let confirmations = 0;
    while (Date.now() < deadline && confirmations < 1) {
      await new Promise((r) => setTimeout(r, 250));
      confirmations =
        (await rpc<{ confirmations?: number }>('getrawtransaction', [txid, true])).confirmations ?? 0;
    }
    expect(confirmations).toBeGreaterThanOrEqual(1);
    const scan = await rpc<Scan>('scantxoutset', ['start', [`addr(${dest})`]]);
    expect(scan.total_amount).toBe(6.25);
    // The watch-only wallet sees the spend too.
    const txs = await rpc<{ txid: string }[]>('listtransactions', ['*', 100, 0, true], 'watch');
    expect(txs.some((t) => t.txid === txid)).toBe(true);
  });
});

describe('without litecoind', () => {
  it('prints how to install it and runs the EVM chains only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-localnet-noltc-'));
    const messages: string[] = [];
    const n = await startLocalnet({
      dataDir: dir,
      cacheDir: path.join(os.tmpdir(), 'secux-localnet-cache'),
      evm: { port: 0 },
      ltc: { binary: path.join(dir, 'no-such-litecoind') },
      evmCoins: false,
      blockIntervalMs: 0,
      handleSignals: false,
      writeEndpoints: false,
      log: (m) => messages.push(m),
      env: {},
    });
    try {
      expect(n.ltc).toBeNull();
      // No side chain port given and the main chain on a free port: the side chain takes a free port too
      // (not 8546, where a running `npm start` may listen).
      expect(n.sideEvm?.port).toBeGreaterThan(0);
      expect(n.sideEvm?.port).not.toBe(8546);
      expect(n.sideEvm?.port).not.toBe(n.evm.port);
      expect(n.endpointsFile).toBeNull();
      expect(messages.join('\n')).toContain('apt-get install -y litecoind');
      const c = createPublicClient({ chain: localnetChain(n.evm.rpcUrl), transport: http(n.evm.rpcUrl) });
      expect(await c.getBalance({ address: ACCOUNT0 })).toBe(parseEther('100'));
    } finally {
      await n.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
