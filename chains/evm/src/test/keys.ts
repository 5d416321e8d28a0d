/** Test-only keys (never use with real funds). */
import { privateKeyToAccount } from 'viem/accounts';

export const TEST_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318' as const;
export const TEST_ACCOUNT = privateKeyToAccount(TEST_KEY);
export const OTHER_KEY = '0x8da4ef21b864d2cc526dbdb2a120bd2874c36c9d0a1fb7f8c63d7f7a8b41de8f' as const;
export const OTHER_ACCOUNT = privateKeyToAccount(OTHER_KEY);
export const RECIPIENT = '0x000000000000000000000000000000000000dEaD' as const;
