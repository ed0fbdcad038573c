// Harness for the end-to-end tests: starts the real commsplan binary on a free
// port with a temporary data directory, and launches Debian's Chromium through
// playwright-core (never a downloaded browser).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/** ACCESS_CODE is the code the test server accepts. */
export const ACCESS_CODE = 'E2E-TEST-CODE';

const here = dirname(fileURLToPath(import.meta.url));

/** binaryPath is COMMSPLAN_BIN or ../bin/commsplan, relative to webui/. */
export function binaryPath() {
  return resolve(join(here, '..'), process.env.COMMSPLAN_BIN ?? '../bin/commsplan');
}

/** freePort answers a loopback port free at the time of asking. */
export function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

async function waitForHealth(base, proc, output, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`commsplan exited with ${proc.exitCode}:\n${output.join('')}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`commsplan did not become healthy within ${timeoutMs} ms:\n${output.join('')}`);
}

/**
 * startServer runs `commsplan serve` on a temporary data directory (seeded
 * with `commsplan seed` and the flags of seed, if given) and waits for
 * /api/health. env adds to the server's environment (e.g. the
 * COMMSPLAN_AUTH_OIDC_* settings), and port fixes its port (from freePort,
 * when a URL must name it before it starts). healthMs bounds the wait for
 * its start (a large seeded database opens slower on a busy machine).
 * stop() kills the process and removes the directory.
 */
export async function startServer({ seed, env, port, healthMs } = {}) {
  const bin = binaryPath();
  if (!existsSync(bin)) throw new Error(`commsplan binary not found at ${bin}: build it with \`make build\` or set COMMSPLAN_BIN`);
  const dataDir = mkdtempSync(join(tmpdir(), 'commsplan-e2e-'));
  // seed: `commsplan seed` flags (e.g. ['--scale']) run on the data dir first.
  if (seed) execFileSync(bin, ['seed', '--data-dir', dataDir, ...seed], { stdio: 'ignore' });
  port ??= await freePort();
  const addr = `127.0.0.1:${port}`;
  const output = [];
  const proc = spawn(bin, ['serve', '--data-dir', dataDir, '--addr', addr, '--access-codes', ACCESS_CODE], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, COMMSPLAN_ACCESS_CODES: ACCESS_CODE, ...env },
  });
  proc.stdout.on('data', (d) => output.push(String(d)));
  proc.stderr.on('data', (d) => output.push(String(d)));
  const base = `http://${addr}`;
  try {
    await waitForHealth(base, proc, output, healthMs);
  } catch (err) {
    proc.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    base,
    output,
    async stop() {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * startOIDCProvider builds tools/oidcprovider (or runs OIDCPROVIDER_BIN)
 * and starts it for a client whose callback is redirectURL, offering users
 * (NAME;EMAIL[;GROUP,...], the tool's --user) on its login form. It answers
 * the COMMSPLAN_AUTH_OIDC_* settings the tool prints (issuer, client id and
 * secret, redirect URL) as env, for startServer; stop() ends it.
 */
export async function startOIDCProvider({ redirectURL, users = [] }) {
  const dir = mkdtempSync(join(tmpdir(), 'commsplan-oidc-'));
  let bin = process.env.OIDCPROVIDER_BIN;
  if (!bin) {
    bin = join(dir, 'oidcprovider');
    execFileSync('go', ['build', '-o', bin, './tools/oidcprovider'], { cwd: resolve(here, '../..'), stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const args = ['--redirect-url', redirectURL, ...users.flatMap((u) => ['--user', u])];
  const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const errors = [];
  proc.stderr.on('data', (d) => errors.push(String(d)));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // Its four lines of settings, then it serves until stopped.
  const env = {};
  try {
    const lines = createInterface({ input: proc.stdout });
    await new Promise((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`oidcprovider printed no settings within 30 s:\n${errors.join('')}`)), 30_000);
      proc.once('exit', (code) => rej(new Error(`oidcprovider exited with ${code}:\n${errors.join('')}`)));
      lines.on('line', (line) => {
        const [key, ...value] = line.split('=');
        env[key] = value.join('=');
        if (Object.keys(env).length === 4) {
          clearTimeout(timer);
          res();
        }
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { env, issuer: env.COMMSPLAN_AUTH_OIDC_ISSUER, stop };
}

/** CHROMIUM_ARGS keeps the headless browser quiet and offline. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** launchBrowser starts Chromium from CHROMIUM_PATH or /usr/bin/chromium. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
}
