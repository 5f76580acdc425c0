/**
 * What the benchmarks that open our viewer in headless Chromium share (viewer.ts, annotation-render.ts):
 * the programs they need, a signed-in session for our web app, and Chromium as they launch it.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { IIPSRV } from './_iipsrv.ts';
import { callApi } from './_server.ts';
import { ensurePeers, has, onCleanup } from './_lib.ts';

/** iipsrv behind lighttpd serves the peer page and the slide; vips builds the tissue slide. */
export function ensureViewerPeers(): void {
  ensurePeers([
    { name: 'iipsrv', present: () => existsSync(IIPSRV), pkg: 'iipimage-server' },
    { name: 'lighttpd', present: () => has('lighttpd'), pkg: 'lighttpd' },
    { name: 'chromium', present: () => has('chromium'), pkg: 'chromium' },
    { name: 'vips (builds the slide)', present: () => has('vips'), pkg: 'libvips-tools' },
  ]);
}

/** A script for a page's start that signs our web app in as the user (its session in sessionStorage). */
export async function signedInScript(base: string, email: string, password: string): Promise<string> {
  const tokens = await callApi<{ accessToken: string; refreshToken: string; expiresIn: number }>(
    base,
    null,
    'POST',
    '/v1/auth/login',
    { email, password },
  );
  const session = JSON.stringify({
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    refreshAt: Date.now() + tokens.expiresIn * 800,
  });
  return `sessionStorage.setItem('tessera.session', ${JSON.stringify(session)});`;
}

/** Debian's Chromium, headless, closed when the benchmark ends. */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      // WebGL in software (SwiftShader): there is no GPU, and Chromium no longer falls back silently.
      '--enable-unsafe-swiftshader',
    ],
  });
  onCleanup(() => void browser.close());
  return browser;
}
