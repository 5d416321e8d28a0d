/** The wire contract of /api/chains/* lives in chain-common, shared with every family's network layer. */
export * from '@secux-companion/chain-common/wire';
