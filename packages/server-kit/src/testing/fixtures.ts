/**
 * Recorded upstream response shapes (from shared/reference/apis: blockbook-v2.md, mempool-space.md,
 * ethereum-jsonrpc-etherscan.md), with the quirks the providers must survive: Blockbook omits empty fields,
 * Etherscan numbers are decimal strings and gasoracle gwei can be fractional, mempool numbers are JSON numbers.
 */

export const XPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
export const ADDR0 = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
export const ADDR1 = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
export const FOREIGN = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';
export const TXID = '383ccb5da16fccad294e24a2ef77bdee5810573bb1b252d8b2af4f0ac8c4e04c';
export const PREV = 'a79e396a32e10856c97b95f43da7e9d2b9a11d446f7638dbd75e5e7603128cac';

export const blockbook = {
  status: {
    blockbook: { coin: 'Bitcoin', host: 'btc1', version: '0.4.0', inSync: true, bestHeight: 850000 },
    backend: { chain: 'main', blocks: 850000, version: '270000' },
  },
  statusTestnet: {
    blockbook: { coin: 'Testnet', inSync: true, bestHeight: 2_600_000 },
    backend: { chain: 'test', blocks: 2_600_000 },
  },
  /** details=tokenBalances, tokens=used (unconfirmedBalance "0" left out). */
  xpub: {
    page: 1,
    totalPages: 1,
    itemsOnPage: 1000,
    address: XPUB,
    balance: '90000000',
    totalReceived: '3093381250',
    totalSent: '3003381250',
    unconfirmedTxs: 0,
    txs: 5,
    usedTokens: 2,
    tokens: [
      {
        type: 'XPUBAddress',
        standard: 'XPUBAddress',
        name: ADDR0,
        path: "m/84'/0'/0'/0/0",
        transfers: 3,
        decimals: 8,
        balance: '90000000',
        totalReceived: '2903986975',
        totalSent: '2813986975',
      },
      {
        type: 'XPUBAddress',
        standard: 'XPUBAddress',
        name: ADDR1,
        path: "m/84'/0'/0'/1/0",
        transfers: 2,
        decimals: 8,
        totalReceived: '189394275',
        totalSent: '189394275',
      },
    ],
  },
  /** details=txs page 1 of 2 (one incoming, one pending outgoing with change). */
  xpubTxs: {
    page: 1,
    totalPages: 2,
    itemsOnPage: 2,
    address: XPUB,
    balance: '90000000',
    txs: 3,
    usedTokens: 2,
    tokens: [
      {
        type: 'XPUBAddress',
        name: ADDR0,
        path: "m/84'/0'/0'/0/0",
        transfers: 3,
        decimals: 8,
        balance: '90000000',
      },
      { type: 'XPUBAddress', name: ADDR1, path: "m/84'/0'/0'/1/0", transfers: 2, decimals: 8 },
    ],
    transactions: [
      {
        txid: TXID,
        version: 2,
        vin: [
          {
            txid: PREV,
            vout: 1,
            sequence: 4294967293,
            n: 0,
            addresses: [ADDR0],
            isAddress: true,
            isOwn: true,
            value: '100000000',
          },
        ],
        vout: [
          { value: '9000000', n: 0, hex: '76a914', addresses: [FOREIGN], isAddress: true },
          { value: '90000000', n: 1, hex: '0014', addresses: [ADDR1], isAddress: true, isOwn: true },
        ],
        blockHeight: -1,
        confirmations: 0,
        blockTime: 1718000000,
        size: 222,
        vsize: 141,
        value: '99000000',
        valueIn: '100000000',
        fees: '1000000',
        rbf: true,
      },
      {
        txid: PREV,
        vin: [{ txid: 'f'.repeat(64), n: 0, addresses: [FOREIGN], isAddress: true, value: '100010000' }],
        vout: [
          { value: '10000', n: 0, addresses: [FOREIGN], isAddress: true, spent: true },
          { value: '100000000', n: 1, addresses: [ADDR0], isAddress: true, isOwn: true, spent: true },
        ],
        blockHash: '0000000000000000000123',
        blockHeight: 849000,
        confirmations: 1001,
        blockTime: 1717000000,
        vsize: 110,
        value: '100010000',
        fees: '0',
      },
    ],
  },
  utxo: [
    {
      txid: TXID,
      vout: 1,
      value: '90000000',
      confirmations: 0,
      lockTime: 849999,
      address: ADDR1,
      path: "m/84'/0'/0'/1/0",
    },
    {
      txid: PREV,
      vout: 0,
      value: '39748685',
      height: 848043,
      confirmations: 1958,
      coinbase: true,
      address: ADDR0,
      path: "m/84'/0'/0'/0/0",
    },
  ],
  tx: {
    txid: PREV,
    vin: [{ txid: 'f'.repeat(64), vout: 3, n: 0, addresses: [FOREIGN], isAddress: true, value: '100010000' }],
    vout: [{ value: '100000000', n: 1, addresses: [ADDR0], isAddress: true, hex: '0014c0ce' }],
    blockHash: '0000000000000000000123',
    blockHeight: 849000,
    confirmations: 1001,
    blockTime: 1717000000,
    vsize: 110,
    value: '100000000',
    valueIn: '100010000',
    fees: '10000',
    hex: '02000000000101',
  },
  txNotFound: { error: `Transaction '${'0'.repeat(64)}' not found` },
  sendtxOk: { result: TXID },
  sendtxRejected: { error: 'sendrawtransaction: min relay fee not met, 100 < 141 (code 66)' },
  estimatefee: {
    '2': { result: '0.00024600' },
    '6': { result: '0.00012000' },
    '12': { result: '0.00005000' },
  } as Record<string, { result: string }>,
  rateLimited: { error: 'rate limit exceeded' },
};

export const mempool = {
  recommended: { fastestFee: 21, halfHourFee: 13, hourFee: 8, economyFee: 4, minimumFee: 2 },
  outOfSync: 'Service Unavailable',
  /** GET /block-height/0 (plain text): Bitcoin mainnet's genesis block. */
  genesis: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
  genesisTestnet4: '00000000da84f2bafbbc53dee25a72ae507ff4914b867c565be350b0da8bf043',
};

export const ADDRESS = '0x7667ff7ead9f5a7cf4a8e7b5d9ec8a1b2ca98c31';
export const OTHER = '0x2479ab3c2d57dac5e7ef7e1c0a44cf6b8f50b16d';
export const TOKEN = '0xdac17f958d2ee523a2206206994597c13d831ec7';
export const H1 = `0x${'c0'.repeat(32)}`;
export const H2 = `0x${'d1'.repeat(32)}`;
export const H3 = `0x${'e2'.repeat(32)}`;

export const etherscan = {
  txlist: {
    status: '1',
    message: 'OK',
    result: [
      // an outgoing token transfer call (value 0, to = token): merged with its tokentx entry
      {
        blockNumber: '9315100',
        blockHash: '0x4ae6',
        timeStamp: '1653915500',
        hash: H1,
        nonce: '4',
        transactionIndex: '0',
        from: ADDRESS,
        to: TOKEN,
        value: '0',
        gas: '60000',
        gasPrice: '1000000',
        input: '0xa9059cbb',
        methodId: '0xa9059cbb',
        functionName: 'transfer(address _to, uint256 _value)',
        contractAddress: '',
        cumulativeGasUsed: '51000',
        txreceipt_status: '1',
        gasUsed: '51000',
        confirmations: '12345',
        isError: '0',
      },
      {
        blockNumber: '9315096',
        blockHash: '0x4ae5',
        timeStamp: '1653915397',
        hash: H2,
        nonce: '3',
        transactionIndex: '0',
        from: OTHER,
        to: ADDRESS,
        value: '5000000000000000',
        gas: '21000',
        gasPrice: '1000000',
        input: '0x',
        methodId: '0x',
        functionName: '',
        contractAddress: '',
        cumulativeGasUsed: '21000',
        txreceipt_status: '1',
        gasUsed: '21000',
        confirmations: '12349',
        isError: '0',
      },
      // errored: dropped
      {
        blockNumber: '9315090',
        blockHash: '0x4ae4',
        timeStamp: '1653915300',
        hash: H3,
        nonce: '2',
        transactionIndex: '0',
        from: ADDRESS,
        to: OTHER,
        value: '1',
        gas: '21000',
        gasPrice: '1000000',
        input: '0x',
        contractAddress: '',
        cumulativeGasUsed: '21000',
        txreceipt_status: '0',
        gasUsed: '21000',
        confirmations: '12355',
        isError: '1',
      },
    ],
  },
  tokentx: {
    status: '1',
    message: 'OK',
    result: [
      {
        blockNumber: '9315100',
        timeStamp: '1653915500',
        hash: H1,
        nonce: '4',
        blockHash: '0x4ae6',
        from: ADDRESS,
        contractAddress: TOKEN,
        to: OTHER,
        value: '2500000',
        tokenName: 'Tether USD',
        tokenSymbol: 'USDT',
        tokenDecimal: '6',
        transactionIndex: '0',
        gas: '60000',
        gasPrice: '1000000',
        gasUsed: '51000',
        cumulativeGasUsed: '51000',
        input: 'deprecated',
        confirmations: '12345',
      },
    ],
  },
  empty: { status: '0', message: 'No transactions found', result: [] },
  rateLimited: {
    status: '0',
    message: 'NOTOK',
    result: 'Max rate limit reached, please use API Key for higher rate limit',
  },
  invalidKey: { status: '0', message: 'NOTOK', result: 'Invalid API Key' },
  tokenbalance: { status: '1', message: 'OK', result: '135499' },
  balance: { status: '1', message: 'OK', result: '40891626854930000000000' },
  gasoracle: {
    status: '1',
    message: 'OK',
    result: {
      LastBlock: '23788262',
      SafeGasPrice: '0.111829336',
      ProposeGasPrice: '0.11182936',
      FastGasPrice: '0.123012296',
      suggestBaseFee: '0.111829336',
      gasUsedRatio: '0.45,0.52,0.38,0.61,0.49',
    },
  },
  proxyNonce: { jsonrpc: '2.0', id: 1, result: '0x5' },
  proxyNonceTooLow: { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'nonce too low' } },
};

export const rpc = {
  feeHistory: {
    oldestBlock: '0x10b52f',
    baseFeePerGas: ['0x3fa63a3f', '0x37f999ee', '0x3e36f20a', '0x4099f79a'],
    gasUsedRatio: [0.0177, 0.9458, 0.6534],
    reward: [
      ['0x3b9aca00', '0x59682f00', '0x77359400'],
      ['0x3a13012', '0x3a13012', '0x3a13012'],
      ['0x3b9aca00', '0x3b9aca00', '0x3b9aca00'],
    ],
  },
  emptyFeeHistory: {
    oldestBlock: '0x1',
    baseFeePerGas: ['0x0', '0x0', '0x0', '0x0'],
    gasUsedRatio: [0, 0, 0],
    reward: [
      ['0x0', '0x0', '0x0'],
      ['0x0', '0x0', '0x0'],
      ['0x0', '0x0', '0x0'],
    ],
  },
};
