// The test command on a fresh clone: clones this repository's HEAD into a temporary folder, runs `npm test` there
// (installing what it needs, as a new machine would; the npm and apt caches of this machine still help), and reports
// the wall time and each phase's time as the test command recorded them (.tmp/test/*.time), plus the closing line.
//
//   node bench/test-time.mjs [--runs N] [--keep]
//
// Exit status: 0 when every run passed.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 1) || 1;
const keep = args.includes('--keep');
const repo = resolve(import.meta.dirname, '..');
const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo }).toString().trim();

function runOnce(n) {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-test-time-'));
  execFileSync('git', ['clone', '--quiet', repo, dir]);
  const logFile = join(dir, '..', `${dir.split('/').pop()}.log`);
  const log = createWriteStream(logFile);
  const t0 = Date.now();
  return new Promise((done) => {
    const child = spawn('npm', ['test'], {
      cwd: dir,
      env: { ...process.env, CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    child.on('exit', (code) => {
      const wall = Math.round((Date.now() - t0) / 1000);
      const phases = {};
      try {
        for (const f of readdirSync(join(dir, '.tmp/test')).filter((f) => f.endsWith('.time'))) {
          const [name, secs, rc] = readFileSync(join(dir, '.tmp/test', f), 'utf8')
            .trim()
            .split(' ');
          phases[name] = { seconds: Number(secs), exit: Number(rc) };
        }
      } catch {
        // the run stopped before any phase
      }
      const out = readFileSync(logFile, 'utf8').trim().split('\n');
      const closing =
        out.filter((l) => /^tests: \d+ passed, \d+ failed/.test(l)).pop() ?? '(no closing line)';
      if (!keep) rmSync(dir, { recursive: true, force: true });
      done({ run: n, commit: head, exit: code, wallSeconds: wall, phases, closing, log: logFile });
    });
  });
}

const results = [];
for (let i = 1; i <= runs; i++) {
  const r = await runOnce(i);
  results.push(r);
  const phases = Object.entries(r.phases)
    .map(([k, v]) => `${k} ${v.seconds}s${v.exit ? '!' : ''}`)
    .join(', ');
  console.log(
    `run ${i} (${head}): exit ${r.exit}, ${r.wallSeconds} s wall; ${phases}; ${r.closing}; log ${r.log}`,
  );
}
console.log(JSON.stringify(results, null, 2));
process.exit(results.every((r) => r.exit === 0) ? 0 : 1);
