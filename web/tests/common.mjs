// What the browser tests and the benchmark share: a static server for the built site,
// Debian's chromium through playwright-core, and the native aceemu to compare with.

import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';

export const ROOT = resolve(new URL('../..', import.meta.url).pathname);
export const SITE = process.env.ACEWEB_SITE || join(ROOT, 'target/web');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json' };

/// Serves SITE on a free port of 127.0.0.1; returns { url, close }.
export async function serveSite() {
  if (!existsSync(join(SITE, 'index.html'))) {
    throw new Error(`${SITE}: no site built; run web/build.sh first`);
  }
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const file = join(SITE, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(SITE) || !existsSync(file)) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] || 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

/// Debian's chromium, headless, with a fresh profile and `extraArgs` (e.g. V8 flags for
/// the bench); returns { context, close }.
export async function launchChromium(extraArgs = []) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found: apt-get install chromium (or set CHROMIUM)`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'aceemu-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ...extraArgs],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/// The native aceemu: ACEEMU names a binary, else target/debug/aceemu, else `cargo run`.
export function nativeAceemu(args) {
  const bin = process.env.ACEEMU || join(ROOT, 'target/debug/aceemu');
  const [cmd, full] = existsSync(bin)
    ? [bin, args]
    : ['cargo', ['run', '--quiet', '--bin', 'aceemu', '--', ...args]];
  return execFileSync(cmd, full, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 24 });
}

/// The bytes of `aceemu run --headless --dump-mem ADDR:LEN` output, in order.
export function parseHexDump(text) {
  const bytes = [];
  for (const line of text.split('\n')) {
    const m = /^([0-9A-F]{4}) ((?: [0-9A-F]{2})+)/.exec(line);
    if (m) bytes.push(...m[2].trim().split(' ').map((h) => parseInt(h, 16)));
  }
  return bytes;
}
