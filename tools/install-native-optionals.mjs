// Root `postinstall`: installs the lockfile's optional platform packages that npm skipped because the
// npm process ran on an older Node than the package's `engines` allow (system Node 20 here, while
// Hardhat's EDR engine binaries declare Node >= 22). npm scripts run on the project's own Node 24, so
// the packages work; only npm's engine check at install time dropped them. Each one is fetched with
// `npm pack` from the configured registry, checked against the lockfile's integrity, and unpacked in
// place. Packages for another OS, CPU or libc are left alone, as npm would.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const lockPath = join(root, 'package-lock.json');

/** `glibc` or `musl` on Linux (from the process report), undefined elsewhere. */
function libc() {
  if (process.platform !== 'linux') return undefined;
  const header = process.report?.getReport?.().header;
  return header?.glibcVersionRuntime ? 'glibc' : 'musl';
}

/** Whether an npm `os`/`cpu`/`libc` list admits `value` (entries may be negated with `!`). */
function admits(list, value) {
  if (!Array.isArray(list) || list.length === 0) return true;
  if (value === undefined) return false;
  if (list.includes(`!${value}`)) return false;
  const positives = list.filter((entry) => !entry.startsWith('!'));
  return positives.length === 0 || positives.includes(value);
}

/** The lockfile entries this machine should have but does not. */
function missingOptionals(lock) {
  const out = [];
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (!path.startsWith('node_modules/') || !entry.optional || !entry.version) continue;
    // Only platform binaries gated by an engine range: what an older npm Node drops, nothing else.
    if (!entry.engines?.node || !(entry.os || entry.cpu)) continue;
    if (!admits(entry.os, process.platform) || !admits(entry.cpu, process.arch)) continue;
    if (!admits(entry.libc, libc())) continue;
    const parent = path.slice(0, path.lastIndexOf('node_modules/'));
    if (parent !== '' && !existsSync(join(root, parent))) continue; // its dependant is not installed
    if (existsSync(join(root, path, 'package.json'))) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    out.push({ path, name, version: entry.version, integrity: entry.integrity });
  }
  return out;
}

/** Fetches one package tarball, verifies it and unpacks it at its lockfile path. */
function install(pkg, work) {
  const npm = process.env.npm_execpath;
  const args = ['pack', `${pkg.name}@${pkg.version}`, '--pack-destination', work, '--silent'];
  const out = npm
    ? execFileSync(process.execPath, [npm, ...args], { cwd: work, encoding: 'utf8' })
    : execFileSync('npm', args, { cwd: work, encoding: 'utf8' });
  const tarball = join(work, out.trim().split('\n').pop());
  if (pkg.integrity) {
    const [algorithm, expected] = pkg.integrity.split(' ')[0].split(/-(.*)/s);
    const actual = createHash(algorithm).update(readFileSync(tarball)).digest('base64');
    if (actual !== expected) throw new Error(`${pkg.name}@${pkg.version}: integrity mismatch`);
  }
  const unpacked = join(work, `${pkg.name.replace('/', '+')}-unpacked`);
  mkdirSync(unpacked, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
  const target = join(root, pkg.path);
  mkdirSync(dirname(target), { recursive: true });
  rmSync(target, { recursive: true, force: true });
  renameSync(unpacked, target);
  console.log(
    `install-native-optionals: installed ${pkg.name}@${pkg.version} (skipped by npm's engine check)`,
  );
}

if (existsSync(lockPath)) {
  const missing = missingOptionals(JSON.parse(readFileSync(lockPath, 'utf8')));
  if (missing.length > 0) {
    const work = mkdtempSync(join(root, 'node_modules', '.murmur-optionals-'));
    try {
      for (const pkg of missing) install(pkg, work);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
}
