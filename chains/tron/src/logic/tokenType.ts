/** TRON token contracts: a base58 address beginning with T is TRC-20, anything else (a numeric id) TRC-10. */
export function tronTokenType(contract: string): 'trc20' | 'trc10' {
  return contract.startsWith('T') ? 'trc20' : 'trc10';
}
