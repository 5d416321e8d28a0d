/**
 * Throwaway PostgreSQL cluster for tests, using the Debian `postgresql` package binaries
 * (/usr/lib/postgresql/<ver>/bin). As root, the data dir is owned by the `postgres` user and initdb/pg_ctl run
 * through `runuser -u postgres --` (fallback `su postgres -c`), because postgres refuses to run as root.
 * Listens on 127.0.0.1 on a free port, with its unix socket inside the temp dir.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface PgCluster {
  /** URL of the database created for the caller. */
  url: string;
  port: number;
  /** Creates another empty database on the same cluster and returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

export function findPgBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (process.env.PG_BIN_DIR && fs.existsSync(path.join(process.env.PG_BIN_DIR, 'initdb')))
    return process.env.PG_BIN_DIR;
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter(
      (v) =>
        fs.existsSync(path.join(root, v, 'bin', 'initdb')) &&
        fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function makeRunner(): { run: (cmd: string, args: string[]) => void; uid?: number; gid?: number } {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) return { run: (cmd, args) => void execFileSync(cmd, args, { stdio: 'pipe' }) };
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  const hasRunuser = spawnSync('runuser', ['--help'], { stdio: 'ignore' }).status === 0;
  return {
    uid,
    gid,
    run: (cmd, args) => {
      if (hasRunuser) execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' });
      else
        execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [cmd, ...args].map(shellQuote).join(' ')], {
          stdio: 'pipe',
        });
    },
  };
}

function describeExecError(e: unknown): string {
  const err = e as { message?: string; stderr?: Buffer; stdout?: Buffer };
  return [err.message, err.stderr?.toString(), err.stdout?.toString()].filter(Boolean).join('\n');
}

export async function startPostgres(dbName = 'wallet_test'): Promise<PgCluster> {
  const bin = findPgBinDir();
  if (!bin)
    throw new Error(
      'PostgreSQL server binaries not found in /usr/lib/postgresql/*/bin (apt-get install postgresql)',
    );
  const runner = makeRunner();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-pg-'));
  const dataDir = path.join(tmp, 'data');
  const sockDir = path.join(tmp, 'sock');
  const logFile = path.join(tmp, 'postgres.log');
  fs.mkdirSync(sockDir);
  fs.writeFileSync(logFile, '');
  if (runner.uid !== undefined && runner.gid !== undefined) {
    for (const p of [tmp, sockDir, logFile]) fs.chownSync(p, runner.uid, runner.gid);
  }
  fs.chmodSync(tmp, 0o700);

  const pgCtl = path.join(bin, 'pg_ctl');
  let started = false;
  const stopSync = () => {
    try {
      if (started) runner.run(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      /* already stopped */
    }
    started = false;
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  const onExit = () => stopSync();
  process.once('exit', onExit);

  try {
    runner.run(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
  } catch (e) {
    stopSync();
    throw new Error(`initdb failed: ${describeExecError(e)}`);
  }

  let port = 0;
  for (let attempt = 0; attempt < 5 && !started; attempt++) {
    port = await freePort();
    const opts = `-c listen_addresses=127.0.0.1 -p ${port} -k ${sockDir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=50`;
    try {
      runner.run(pgCtl, ['-D', dataDir, '-l', logFile, '-o', opts, '-w', '-t', '30', 'start']);
      started = true;
    } catch (e) {
      if (attempt === 4) {
        const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
        stopSync();
        throw new Error(`pg_ctl start failed: ${describeExecError(e)}\n${log}`);
      }
    }
  }

  const base = `postgres://postgres@127.0.0.1:${port}`;
  const createDatabase = async (name: string) => {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad database name ${name}`);
    const client = new pg.Client({ connectionString: `${base}/postgres` });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${name}`);
    } finally {
      await client.end();
    }
    return `${base}/${name}`;
  };
  const url = await createDatabase(dbName);
  return {
    url,
    port,
    createDatabase,
    stop: async () => {
      process.removeListener('exit', onExit);
      stopSync();
    },
  };
}

/**
 * For test suites: whether the PostgreSQL variant runs. It always does, and missing binaries fail it (the test
 * command installs them), unless TEST_OPT_OUT names `postgres`: then its tests are skipped and the test command's
 * closing line counts and names them.
 */
export function postgresOptedOut(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.TEST_OPT_OUT ?? '').split(',').some((part) => part.trim() === 'postgres');
}
