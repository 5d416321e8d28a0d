/**
 * The device path: the SecuX SDK (over the emulator transport) signs the serialized unsigned transactions the
 * adapter builds — EIP-1559 and legacy EIP-155, coin, ERC-20, ERC-721 and ERC-1155 — and finalize accepts what
 * comes back (same fields, sender m/44'/60'/0'/0/0 of the emulator's test mnemonic).
 */
import { connectEmulator, type SecuxDevice } from '@secux-companion/device';
import { SecuxEmulator } from '@secux-companion/emulator';
import { encodeAbiParameters } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvmAdapter, type EvmBackend, type EvmSendDraft } from './logic/adapter';
import { nativeEvmChain } from './logic/chains';

const ME = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const RECIPIENT = '0x000000000000000000000000000000000000dEaD';
const LUSD = '0x9AD50244681e313eeF77adD770A9F3dBE000406b';
const ACCOUNT = { chain: 'ETH' as const, index: 0, bip: 44 as const, path: "m/44'/60'/0'", address: ME };
const G = 1_000_000_000n;

const backend: EvmBackend = {
  getAccount: async () => ({ balance: 10n ** 18n, nonce: 2, txCount: 2 }),
  getNonce: async () => 2,
  getGasPrice: async () => 5n * G,
  getFeeHistory: async () => ({ baseFeePerGas: [G, G, G, G], reward: [[G, 2n * G, 3n * G]] }),
  getGasOracle: async () => ({ fast: '3', propose: '3', safe: '3' }),
  estimateGas: async (c) => (c.data ? 60_000n : 21_000n),
  ethCall: async () => encodeAbiParameters([{ type: 'uint256' }], [10n ** 12n]),
  getTransactions: async () => ({ records: [], cursor: null }),
  broadcast: async () => '0x',
};

let device: SecuxDevice;

beforeAll(async () => {
  device = await connectEmulator(new SecuxEmulator({ autoApprove: true }));
  await device.getVersion();
  expect(await device.getAddress("m/44'/60'/0'/0/0")).toBe(ME);
}, 60_000);
afterAll(() => device?.disconnect());

describe('EVM transactions signed by the SecuX SDK (emulator)', () => {
  const cases: [string, 'ETH' | 'BSC', EvmSendDraft][] = [
    [
      'ETH coin, EIP-1559',
      'ETH',
      { intent: { kind: 'coin', to: RECIPIENT, amount: 10n ** 16n }, feeMode: 'medium' },
    ],
    [
      'BSC coin, legacy EIP-155',
      'BSC',
      { intent: { kind: 'coin', to: RECIPIENT, amount: 1n }, feeMode: 'high' },
    ],
    [
      'ERC-20 transfer',
      'ETH',
      { intent: { kind: 'token', contract: LUSD, to: RECIPIENT, amount: 1234n }, feeMode: 'low' },
    ],
    [
      'ERC-721 safeTransferFrom',
      'ETH',
      {
        intent: { kind: 'nft', standard: 'ERC721', contract: LUSD, tokenId: 1n, to: RECIPIENT },
        feeMode: 'medium',
      },
    ],
    [
      'ERC-1155 safeTransferFrom',
      'ETH',
      {
        intent: { kind: 'nft', standard: 'ERC1155', contract: LUSD, tokenId: 1n, amount: 2n, to: RECIPIENT },
        feeMode: 'medium',
      },
    ],
  ];
  it.each(cases)('%s', async (_name, chain, draft) => {
    const adapter = createEvmAdapter(nativeEvmChain(chain), backend);
    const built = await adapter.build({ ...ACCOUNT, chain }, draft);
    const progress: number[][] = [];
    const signature = await adapter.sign(device, built, { onProgress: (c, t) => progress.push([c, t]) });
    const signed = adapter.finalize(built, signature);
    expect(signed.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(progress).toEqual([[1, 1]]);
  });
});
