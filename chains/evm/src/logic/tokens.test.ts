import { CoreError } from '@secux-companion/core';
import { encodeAbiParameters, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  ERC20_CALLS,
  balanceOfData,
  checkNewTokenContract,
  decodeBalance,
  decodeDecimals,
  decodeTokenText,
  deviceTokenEntry,
  filterTokens,
  isEvmContractFormat,
  lookupToken,
  mapTokenLookupError,
  normalizeContractInput,
  showTokenRedDot,
  tokenStandard,
  tokenToggleAction,
  type EthCaller,
} from './tokens';

const LUSD = '0x9AD50244681e313eeF77adD770A9F3dBE000406b';
const str = (s: string) => encodeAbiParameters([{ type: 'string' }], [s]);
const u = (n: bigint) => encodeAbiParameters([{ type: 'uint256' }], [n]);
const b32 = (s: string) => `0x${Buffer.from(s).toString('hex').padEnd(64, '0')}` as Hex;

function caller(
  answers: Partial<Record<'name' | 'symbol' | 'decimals', Hex | Error>>,
): EthCaller & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async ethCall(to, data) {
      calls.push(`${to}:${data}`);
      const key = (Object.keys(ERC20_CALLS) as (keyof typeof ERC20_CALLS)[]).find(
        (k) => ERC20_CALLS[k] === data,
      )!;
      const a = answers[key] ?? '0x';
      if (a instanceof Error) throw a;
      return a;
    },
  };
}

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e instanceof CoreError ? e.code : String(e);
  }
  return 'ok';
};

describe('add token by contract', () => {
  it('checks EVM contract shape', () => {
    expect(isEvmContractFormat('0x' + 'a'.repeat(40))).toBe(true);
    expect(isEvmContractFormat('0x' + 'a'.repeat(39))).toBe(false);
    expect(isEvmContractFormat('1x' + 'a'.repeat(40))).toBe(false);
  });

  it('checks 0x + 42 characters before the lookup', () => {
    expect(() => checkNewTokenContract('0x123', [])).toThrow(new CoreError('invalidTokenContract'));
    expect(() => checkNewTokenContract(LUSD.slice(2) + '00', [])).toThrow(CoreError);
    expect(() => checkNewTokenContract(`0x${'g'.repeat(40)}`, [])).toThrow(CoreError);
    expect(checkNewTokenContract(LUSD.toLowerCase(), [])).toBe(LUSD);
  });

  it('rejects a duplicate contract (case-insensitive)', () => {
    expect(() => checkNewTokenContract(LUSD, [LUSD.toLowerCase()])).toThrow(
      new CoreError('duplicateContract'),
    );
  });

  it('looks up name, symbol and decimals with eth_call', async () => {
    const c = caller({ name: str('Local USD'), symbol: str('LUSD'), decimals: u(6n) });
    expect(await lookupToken(c, LUSD.toLowerCase())).toEqual({
      contract: LUSD,
      name: 'Local USD',
      symbol: 'LUSD',
      decimals: 6,
    });
    expect(c.calls).toHaveLength(3);
  });

  it('strips non-ASCII letters from name and symbol', async () => {
    const c = caller({ name: str('Tëst 代幣 Token'), symbol: str('TÉST'), decimals: u(18n) });
    expect(await lookupToken(c, LUSD)).toMatchObject({ name: 'Tst  Token', symbol: 'TST' });
  });

  it('decodes bytes32 names (MKR style)', async () => {
    const c = caller({ name: b32('Maker'), symbol: b32('MKR'), decimals: u(18n) });
    expect(await lookupToken(c, LUSD)).toMatchObject({ name: 'Maker', symbol: 'MKR' });
  });

  it("an EOA, a revert or a non-number decimals is 'Invalid Token Contract Address'", async () => {
    expect(await codeOf(lookupToken(caller({}), LUSD))).toBe('invalidTokenContract');
    expect(await codeOf(lookupToken(caller({ decimals: new Error('execution reverted') }), LUSD))).toBe(
      'invalidTokenContract',
    );
    expect(await codeOf(lookupToken(caller({ decimals: u(1000n), name: str('x') }), LUSD))).toBe(
      'invalidTokenContract',
    );
  });

  it('an empty name is tokenNameEmpty; a missing symbol falls back to the name', async () => {
    expect(await codeOf(lookupToken(caller({ decimals: u(6n), name: str('代幣') }), LUSD))).toBe(
      'tokenNameEmpty',
    );
    expect(await lookupToken(caller({ decimals: u(6n), name: str('Only Name') }), LUSD)).toMatchObject({
      symbol: 'Only Name',
    });
  });

  it('maps explorer errors', () => {
    expect(mapTokenLookupError('Contract not exist').code).toBe('invalidTokenContract');
    expect(mapTokenLookupError('Invalid contract').code).toBe('invalidTokenContract');
    expect(mapTokenLookupError('timeout').code).toBe('tokenNotFound');
  });

  it('normalises an XDC contract', () => {
    expect(normalizeContractInput('XDC', ' xdc9AD50244681e313eeF77adD770A9F3dBE000406b ')).toBe(LUSD);
    expect(normalizeContractInput('ETH', 'xdc12')).toBe('xdc12');
  });
});

describe('decoding', () => {
  it('decodes decimals, balances and text defensively', () => {
    expect(decodeDecimals('0x')).toBeNull();
    expect(decodeDecimals('0x12')).toBeNull();
    expect(decodeDecimals(u(8n))).toBe(8);
    expect(decodeBalance('0x')).toBe(0n);
    expect(decodeBalance(u(123n))).toBe(123n);
    expect(decodeTokenText('name', '0x')).toBe('');
    expect(decodeTokenText('name', '0x1234')).toBe('');
    expect(balanceOfData(LUSD).slice(0, 10)).toBe('0x70a08231');
  });
});

describe('token list rules', () => {
  it('device entry uses the signing path and chain id', () => {
    expect(
      deviceTokenEntry('ETH', "m/44'/60'/0'", 1, {
        contract: LUSD,
        name: 'Local USD',
        symbol: 'LUSD',
        decimals: 6,
        balance: 5n,
      }),
    ).toEqual({
      name: 'Local USD',
      path: "m/44'/60'/0'/0/0",
      balance: '5',
      contract: LUSD,
      symbol: 'LUSD',
      decimal: 6,
      chainId: 1,
    });
  });
  it('red dot when the device lists more tokens than are enabled', () => {
    expect(showTokenRedDot(3, 2)).toBe(true);
    expect(showTokenRedDot(2, 2)).toBe(false);
  });
  it('search by name, symbol or contract', () => {
    const list = [
      { name: 'Local USD', symbol: 'LUSD', contract: LUSD },
      { name: 'Tether', symbol: 'USDT', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
    ];
    expect(filterTokens(list, 'usd').length).toBe(2);
    expect(filterTokens(list, 'teth').map((t) => t.symbol)).toEqual(['USDT']);
    expect(filterTokens(list, '0x9ad5').map((t) => t.symbol)).toEqual(['LUSD']);
    expect(filterTokens(list, ' ').length).toBe(2);
  });
  it('switch: an enabled token is deleted, a new one added', () => {
    expect(tokenToggleAction([LUSD], LUSD.toLowerCase())).toBe('delete');
    expect(tokenToggleAction([], LUSD)).toBe('add');
  });
  it('standards', () => {
    expect(tokenStandard('ETH')).toBe('ERC-20');
    expect(tokenStandard('BSC')).toBe('BEP-20');
    expect(tokenStandard('XDC')).toBe('XDC-20');
  });
});
