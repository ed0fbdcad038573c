// check-size measures the JavaScript of the first screen after login: the
// entry chunk, the Dashboard route's chunk (loaded lazily, but always right
// after login) and every chunk they import statically, gzipped. It fails the
// build above the budget. The chunk graph comes from Vite's manifest, which
// is removed afterwards so the binary does not embed it. Other lazily loaded
// chunks are listed for information only.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** BUDGET is the gzip limit of the first screen's JavaScript, in bytes. */
export const BUDGET = 250 * 1024;

/** FIRST_SCREEN are the manifest keys loaded on the first screen after login: the entry and the Dashboard route. */
export const FIRST_SCREEN = ['index.html', 'src/features/dashboard/DashboardPage.tsx'];

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'app');
const manifestDir = join(root, '.vite');

/**
 * firstScreenFiles lists the JavaScript files of the given manifest keys and
 * of everything they import statically (not their dynamic imports).
 */
export function firstScreenFiles(manifest, keys = FIRST_SCREEN) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`check-size: ${key} is not in the Vite manifest`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return [...files];
}

function gz(path) {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function main() {
  const manifestPath = join(manifestDir, 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error('check-size: dist/app/.vite/manifest.json is missing (build.manifest must be on in vite.config.ts)');
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  rmSync(manifestDir, { recursive: true, force: true });

  const first = firstScreenFiles(manifest);
  let total = 0;
  console.log('First screen JavaScript (entry + Dashboard route and their static imports, gzip):');
  for (const f of first) {
    const size = gz(join(root, f));
    total += size;
    console.log(`  /${f.padEnd(47)} ${kb(size)}`);
  }
  const firstNames = new Set(first.map((f) => f.split('/').pop()));
  const lazy = readdirSync(join(root, 'assets'))
    .filter((f) => f.endsWith('.js') && !firstNames.has(f))
    .map((f) => ({ f, size: gz(join(root, 'assets', f)) }))
    .sort((a, b) => b.size - a.size);
  console.log('Other lazy chunks (gzip), largest first:');
  for (const { f, size } of lazy.slice(0, 10)) console.log(`  /assets/${f.padEnd(41)} ${kb(size)}`);
  console.log(`First screen JavaScript total: ${kb(total)} of ${kb(BUDGET)} budget`);
  if (total > BUDGET) {
    console.error(`check-size: first screen JavaScript ${kb(total)} is over the ${kb(BUDGET)} budget`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
