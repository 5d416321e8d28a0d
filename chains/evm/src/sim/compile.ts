/**
 * Compiles the Solidity sources in localnet/contracts with the solc-js compiler bundled in the
 * `solc` npm package (no compiler download). The result is cached in a JSON file keyed by a hash of
 * the sources, the compiler version and the settings, so later starts skip compilation.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

export const CONTRACTS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'contracts',
);

/** The local chains run the Shanghai hardfork (anvil --hardfork shanghai), so no Cancun opcodes (MCOPY, TLOAD...). */
export const EVM_VERSION = 'shanghai';

export interface Artifact {
  contractName: string;
  sourceName: string;
  abi: Abi;
  bytecode: Hex;
}

export interface CompileResult {
  /** Keyed by contract name (LocalUSD, LocalPunks, LocalItems). */
  artifacts: Record<string, Artifact>;
  compilerVersion: string;
  cacheFile: string;
  fromCache: boolean;
  ms: number;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

const require = createRequire(import.meta.url);

function readSources(dir: string): Record<string, { content: string }> {
  const sources: Record<string, { content: string }> = {};
  for (const f of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.sol'))
    .sort()) {
    sources[f] = { content: fs.readFileSync(path.join(dir, f), 'utf8') };
  }
  return sources;
}

function solcVersion(): string {
  // Read the version from package.json so a cache hit does not need to load the (large) compiler.
  return (require('solc/package.json') as { version: string }).version;
}

/** Compile (or load from the cache in `cacheDir`) all contracts. */
export function compileContracts(cacheDir: string, contractsDir = CONTRACTS_DIR): CompileResult {
  const t0 = Date.now();
  const sources = readSources(contractsDir);
  const settings = {
    // Optimizer off: compiles about twice as fast with solc-js, and gas does not matter locally.
    optimizer: { enabled: false },
    evmVersion: EVM_VERSION,
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  };
  const key = createHash('sha256')
    .update(JSON.stringify({ v: solcVersion(), settings, sources }))
    .digest('hex')
    .slice(0, 16);
  const cacheFile = path.join(cacheDir, `contracts-${key}.json`);
  if (fs.existsSync(cacheFile)) {
    try {
      const cached = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as {
        compilerVersion: string;
        artifacts: Record<string, Artifact>;
      };
      return { ...cached, cacheFile, fromCache: true, ms: Date.now() - t0 };
    } catch {
      // corrupt cache: recompile
    }
  }

  const solc = require('solc') as { compile(input: string): string; version(): string };
  const output = JSON.parse(
    solc.compile(JSON.stringify({ language: 'Solidity', sources, settings })),
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length)
    throw new Error(`solc compilation failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);

  const artifacts: Record<string, Artifact> = {};
  for (const [sourceName, contracts] of Object.entries(output.contracts)) {
    for (const [contractName, c] of Object.entries(contracts)) {
      if (!c.evm.bytecode.object) continue; // interfaces
      artifacts[contractName] = {
        contractName,
        sourceName,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
      };
    }
  }
  const compilerVersion = solc.version();
  fs.mkdirSync(cacheDir, { recursive: true });
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ compilerVersion, artifacts }));
  fs.renameSync(tmp, cacheFile);
  return { artifacts, compilerVersion, cacheFile, fromCache: false, ms: Date.now() - t0 };
}
