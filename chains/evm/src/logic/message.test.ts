import { describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { parseTypedData, verifyEvmMessage } from './message';

const account = privateKeyToAccount(`0x${'42'.repeat(32)}`);
const other = privateKeyToAccount(`0x${'43'.repeat(32)}`);

const MAIL = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: { name: 'Ether Mail', chainId: 1 },
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: [{ name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }],
    contents: 'Hello, Bob!',
  },
} as const;

describe('parseTypedData', () => {
  it('shows the domain and the message as a tree of their fields, structs and arrays included', () => {
    const parsed = parseTypedData(JSON.stringify(MAIL));
    expect(parsed.chainId).toBe(1);
    expect(parsed.tree[0]).toEqual({
      label: 'domain',
      children: [
        { label: 'name', value: 'Ether Mail' },
        { label: 'chainId', value: '1' },
      ],
    });
    const mail = parsed.tree[1]!;
    expect(mail.label).toBe('Mail');
    expect(mail.children![0]).toEqual({
      label: 'from',
      children: [
        { label: 'name', value: 'Cow' },
        { label: 'wallet', value: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
      ],
    });
    expect(mail.children![1]!.children![0]!.label).toBe('to[0]');
    expect(mail.children![2]).toEqual({ label: 'contents', value: 'Hello, Bob!' });
  });

  it('shows a recursive type to a bounded depth instead of recursing forever', () => {
    const types = { Node: [{ name: 'next', type: 'Node[]' }] };
    const deep = (n: number): object => ({ next: n ? [deep(n - 1)] : [] });
    const json = JSON.stringify({ types, primaryType: 'Node', domain: {}, message: deep(40) });
    let depth = 0;
    for (let n = parseTypedData(json).tree[1]; n?.children?.length; n = n.children[0]) depth++;
    expect(depth).toBeLessThanOrEqual(16);
  });

  it('refuses what is not typed data: no JSON, a missing part, a value that breaks its type', () => {
    expect(() => parseTypedData('{')).toThrow();
    expect(() => parseTypedData(JSON.stringify({ ...MAIL, primaryType: undefined }))).toThrow();
    const badAddress = { ...MAIL, message: { ...MAIL.message, from: { name: 'Cow', wallet: '0x12' } } };
    expect(() => parseTypedData(JSON.stringify(badAddress))).toThrow();
    expect(() => parseTypedData(' '.repeat(70_000))).toThrow(/too large/);
  });
});

describe('verifyEvmMessage', () => {
  it('accepts a personal_sign text from its signer only', async () => {
    const signature = await account.signMessage({ message: 'hello 0xdead' });
    expect(await verifyEvmMessage('text', account.address, 'hello 0xdead', signature)).toBe('valid');
    expect(await verifyEvmMessage('text', account.address.toLowerCase(), 'hello 0xdead', signature)).toBe(
      'valid',
    );
    expect(await verifyEvmMessage('text', other.address, 'hello 0xdead', signature)).toBe('invalid');
    expect(await verifyEvmMessage('text', account.address, 'hello 0xbeef', signature)).toBe('invalid');
  });

  it('accepts typed data from its signer and refuses a changed message', async () => {
    const signature = await account.signTypedData(MAIL as never);
    const json = JSON.stringify(MAIL);
    expect(await verifyEvmMessage('typed', account.address, json, signature)).toBe('valid');
    const changed = JSON.stringify({ ...MAIL, message: { ...MAIL.message, contents: 'Hello, Eve!' } });
    expect(await verifyEvmMessage('typed', account.address, changed, signature)).toBe('invalid');
  });

  it('cannot read a short signature, a bad address or typed data that is not', async () => {
    const signature = await account.signMessage({ message: 'x' });
    expect(await verifyEvmMessage('text', account.address, 'x', signature.slice(0, 60))).toBe('unreadable');
    expect(await verifyEvmMessage('text', '0x1234', 'x', signature)).toBe('unreadable');
    expect(await verifyEvmMessage('typed', account.address, 'x', signature)).toBe('unreadable');
  });
});
