/**
 * Starts the local chains and stays up until Ctrl-C:  npx tsx localnet/src/cli.ts
 * Configuration by environment variables (see src/index.ts). Endpoints go to DATA_DIR/localnet/endpoints.json.
 */
import { formatUnits } from 'viem';
import { EVM_COINS, EVM_COIN_UNITS, LUSD_SUPPLY, startLocalnet } from './index.js';

const net = await startLocalnet({ handleSignals: false }).catch((e: unknown) => {
  console.error(`[localnet] failed to start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});

const lines = [
  '',
  `Localnet up in ${(net.startupMs / 1000).toFixed(1)} s (data: ${net.dataDir})`,
  '',
  `EVM  ${net.evm.rpcUrl}  chain id ${net.evm.chainId}  (blocks on every tx${net.evm.blockIntervalMs ? ` and every ${net.evm.blockIntervalMs / 1000} s` : ''})`,
  ...net.evm.accounts.map(
    (a) => `     ${a.path.padEnd(18)} ${a.address}  ${formatUnits(BigInt(a.balanceWei), 18)} ETH`,
  ),
  `     ERC-20   Local USD (LUSD, 6 dec)  ${net.evm.contracts.erc20}  ${formatUnits(LUSD_SUPPLY, 6)} to account 0`,
  `     ERC-721  Local Punks (LPUNK)      ${net.evm.contracts.erc721}  ids 1, 2 to account 0`,
  `     ERC-1155 Local Items (LITEM)      ${net.evm.contracts.erc1155}  id 1 x10, id 2 x1 to account 0`,
  '',
];
if (net.sideEvm) {
  const s = net.sideEvm;
  lines.push(
    `EVM side chain  ${s.rpcUrl}  chain id ${s.chainId}  (same funded accounts, no contracts; the wallet offers it as an addable custom EVM chain)`,
    '',
  );
}
for (const coin of EVM_COINS) {
  const c = net.evmCoins[coin];
  if (!c) continue;
  lines.push(
    `${coin.padEnd(4)} ${c.rpcUrl}  chain id ${c.chainId}  (LUSD, LPUNK, LITEM at the EVM chain's addresses, held by account 0)`,
    ...c.accounts.map(
      (a) => `     ${a.path.padEnd(18)} ${a.address}  ${formatUnits(BigInt(a.balanceWei), 18)} ${EVM_COIN_UNITS[coin]}`,
    ),
    '',
  );
}
if (net.ltc) {
  const l = net.ltc;
  lines.push(
    `LTC  ${l.rpcUrl}  regtest  rpc user ${l.rpcUser} / ${l.rpcPassword}  (${l.version}, p2p ${l.host}:${l.p2pPort})`,
    `     wallets: ${l.wallets.miner} (mining/funding), ${l.wallets.watch} (watch-only, ${l.rpcUrl}/wallet/${l.wallets.watch})`,
    `     litecoin-cli -datadir=${l.dataDir} getblockchaininfo`,
    ...l.funded.map((f) => `     ${f.path.padEnd(18)} ${f.address}  ${f.amount} LTC`),
    '',
  );
} else {
  lines.push('LTC  not running (see above)', '');
}
if (net.xrpl) {
  const x = net.xrpl;
  lines.push(
    `XRP  ${x.rpcUrl}  XRP Ledger simulator (rippled JSON-RPC${x.closeIntervalMs ? `, a ledger every ${x.closeIntervalMs / 1000} s` : ''}; test control at ${x.controlUrl})`,
    ...x.accounts.map(
      (a) =>
        `     ${a.path.padEnd(18)} ${a.address}  ${formatUnits(BigInt(a.balanceDrops), 6)} XRP${a.requireDestinationTag ? '  (requires a destination tag)' : ''}`,
    ),
    '',
  );
}
if (net.stellar) {
  const x = net.stellar;
  lines.push(
    `XLM  ${x.horizonUrl}  Stellar Horizon simulator ('${x.networkPassphrase}'${x.closeIntervalMs ? `, a ledger every ${x.closeIntervalMs / 1000} s` : ''})`,
    ...x.accounts.map(
      (a) =>
        `     ${a.path.padEnd(18)} ${a.address}  ${formatUnits(BigInt(a.balanceStroops), 7)} XLM${a.memoRequired ? '  (requires a memo, SEP-29)' : ''}`,
    ),
    '',
  );
}
if (net.solana) {
  const x = net.solana;
  lines.push(
    `SOL  ${x.rpcUrls.join(', ')}  Solana JSON-RPC on LiteSVM (a slot every ${x.slotMs} ms, blockhashes live 150 slots; test control at ${x.controlUrl})`,
    ...x.accounts.map(
      (a) => `     ${a.path.padEnd(18)} ${a.address}  ${formatUnits(BigInt(a.lamports), 9)} SOL`,
    ),
    ...x.tokens.map(
      (t) =>
        `     ${t.symbol.padEnd(6)} ${t.mint}  ${t.program}${t.transferFee ? ` (transfer fee ${t.transferFee.basisPoints / 100} %)` : ''}, ${formatUnits(BigInt(t.amount), t.decimals)} held by account 0`,
    ),
    '',
  );
}
if (net.fio) {
  const f = net.fio;
  lines.push(
    `FIO  ${f.apiUrl}  FIO chain simulator (chain id ${f.chainId.slice(0, 12)}…, public domain '${f.publicDomain}')`,
    ...f.accounts.map(
      (a) =>
        `     ${a.path.padEnd(18)} ${a.publicKey}  ${formatUnits(BigInt(a.balanceSuf), 9)} FIO  handle ${a.handles.join(', ')}  domain ${a.domains.join(', ')}`,
    ),
    `     proxy ${f.proxy}  staking service ${f.stakingUrl}  test control at ${f.controlUrl} (clock, staking-service)`,
    '',
  );
}
if (net.tron) {
  const x = net.tron;
  lines.push(
    `TRX  ${x.url}  TRON simulator (full-node /wallet/* and TronGrid /v1/*${x.blockIntervalMs ? `, a block every ${x.blockIntervalMs / 1000} s` : ''}; test control at ${x.controlUrl})`,
    ...x.accounts.map(
      (a) =>
        `     ${a.path.padEnd(18)} ${a.address}  ${formatUnits(BigInt(a.balanceSun), 6)} TRX, ${a.energy} energy, ${formatUnits(BigInt(a.trc20), x.trc20.decimals)} ${x.trc20.symbol}, ${a.trc10} ${x.trc10.abbr}`,
    ),
    `     TRC-20 ${x.trc20.symbol} ${x.trc20.address}  TRC-10 ${x.trc10.abbr} id ${x.trc10.id}`,
    '',
  );
}
if (net.utxo) {
  const u = net.utxo;
  lines.push(
    `UTXO ${u.url}  Blockbook v2 (and mempool fee API for BTC, TBTC) stand-ins, signatures checked${u.blockIntervalMs ? `, a block every ${u.blockIntervalMs / 1000} s` : ''}; test control at ${u.url}/<coin>/control/{mine,faucet,fees}`,
    ...Object.entries(u.coins).flatMap(([coin, c]) => [
      `${coin.padEnd(4)} ${c.blockbook}  (${c.network === 'main' ? 'mainnet' : 'testnet'} formats)`,
      ...c.funded.map((f) => `     ${f.path.padEnd(18)} ${f.address}  ${formatUnits(BigInt(f.sats), 8)} ${coin}`),
    ]),
    '',
  );
}
if (net.endpointsFile) lines.push(`Endpoints written to ${net.endpointsFile}`);
lines.push('Press Ctrl-C to stop.');
console.log(lines.join('\n'));

// Keep the process alive (the mining timers are unref'd) until SIGINT/SIGTERM, then stop every node.
const keepAlive = setInterval(() => undefined, 1 << 30);
let stopping = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n[localnet] ${signal}: stopping...`);
  const t0 = Date.now();
  net.stop().then(
    () => {
      clearInterval(keepAlive);
      console.log(`[localnet] stopped (${Date.now() - t0} ms)`);
      process.exit(0);
    },
    (e: unknown) => {
      console.error(`[localnet] stop failed: ${String(e)}`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
