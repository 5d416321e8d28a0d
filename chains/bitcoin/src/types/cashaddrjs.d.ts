declare module 'cashaddrjs' {
  export function encode(prefix: string, type: 'P2PKH' | 'P2SH', hash: Uint8Array): string;
  export function decode(address: string): { prefix: string; type: string; hash: Uint8Array };
  const cashaddr: { encode: typeof encode; decode: typeof decode };
  export default cashaddr;
}
