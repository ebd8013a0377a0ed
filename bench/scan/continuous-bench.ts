// `npm run bench:scan -- --continuous`: a collector with the scan session on feeds 30 different cards
// under the fake camera, each held about 1.5 s with a slide out and in between them, and no tap.
// Reports the cards added right, wrong, twice and missed, those left to check, and the cards added
// per minute, unthrottled and with the CPU (workers included) 4x slower.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve as resolvePath } from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Page } from 'playwright-core';
import { fakeCameraArgs, launchChromium } from '../../e2e/browser-session.ts';
import { prepareScanCatalogue } from '../../e2e/scan-catalogue.ts';
import { startServer, stop, waitForHealth } from '../../e2e/server-process.ts';
import { onProviderPage, submitCredentials } from '../../e2e/sign-in-flow.ts';
import { writeFakeCameraSequence } from '../../fixtures/camera/fake-camera-sequence.ts';
import { freePort } from '../../server/test-support/free-port.ts';
import { applyPhoneEmulation, phoneSlowerBy, referenceTimes, type PhoneEmulation } from './phone-emulation.ts';

const cardCount = 30;
/** The pace of the sequence: each card held still 1.4 s, 0.4 s to slide it out and the next in (in view about 1.6 s). */
const sequencePace = { leadSeconds: 2, holdSeconds: 1.4, moveSeconds: 0.4, tailSeconds: 3 };

export interface ContinuousRow {
  run: string;
  page_rate: number;
  added_right: number;
  wrong: number;
  twice: number;
  missed: number;
  to_check: number;
  cards_per_minute: number;
}

interface Add {
  printingId: string;
  /** ms after the camera restarted on the first frame of the sequence. */
  at: number;
}

const scannerLive = (page: Page) =>
  page.waitForFunction(() => {
    const phase = document.querySelector('.camera-view')?.getAttribute('data-phase');
    return phase !== undefined && phase !== 'starting' && document.querySelector('.model-progress') === null;
  }, undefined, { timeout: 180_000, polling: 100 });

/** One collector's run through the sequence: the adds the page asked for, and the scans left to check. */
async function runOnce(url: string, video: string, seconds: number, account: { email: string; password: string }, phone: PhoneEmulation): Promise<{ adds: Add[]; toCheck: number }> {
  const browser = await launchChromium(fakeCameraArgs(video));
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2 });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto(`${url}/collection`);
    await onProviderPage(page);
    await submitCredentials(page, account.email, account.password);
    await page.waitForURL(`${url}/collection`);
    await applyPhoneEmulation(page, phone);
    await page.goto(`${url}/`);
    await scannerLive(page);

    let restartedAt = Date.now();
    const adds: Add[] = [];
    const pending = new Set<unknown>();
    page.on('response', (response) => {
      const request = response.request();
      if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/v1/collection' || !response.ok()) return;
      const at = Date.now() - restartedAt;
      pending.add(response);
      void response
        .json()
        .then((entry: { printingId: string }) => adds.push({ printingId: entry.printingId, at }))
        .finally(() => pending.delete(response));
    });
    page.on('request', (request) => new URL(request.url()).pathname.startsWith('/v1/') && pending.add(request));
    page.on('requestfinished', (request) => pending.delete(request));
    page.on('requestfailed', (request) => pending.delete(request));
    // The fake camera plays its file from its start each time it opens: the sequence starts with the restart.
    await page.getByRole('button', { name: 'Restart Camera' }).click();
    restartedAt = Date.now();
    await scannerLive(page);
    await page.getByRole('switch', { name: 'Add each scan to my collection' }).check();
    // The sequence plays once (the camera would loop it), then what is on its way finishes.
    await page.waitForTimeout(restartedAt + seconds * 1000 - Date.now());
    const endedAt = Date.now() - restartedAt;
    while (pending.size > 0) await page.waitForTimeout(100);
    const toCheck = await page.locator('.to-check-item').count();
    return { adds: adds.filter((add) => add.at <= endedAt), toCheck };
  } finally {
    await browser.close();
  }
}

/** The server's first identification loads what it needs; one is asked before the clock runs. */
export async function warmUp(url: string, imageFile: string): Promise<void> {
  const form = new FormData();
  form.set('file', new Blob([readFileSync(imageFile)], { type: 'image/png' }), 'card.png');
  const response = await fetch(`${url}/v1/vision/identify`, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`Warming up identification: ${response.status} ${await response.text()}`);
}

function tally(label: string, phone: PhoneEmulation, expected: string[], run: { adds: Add[]; toCheck: number }, showingSeconds: number): ContinuousRow {
  const counts = new Map<string, number>();
  for (const add of run.adds) counts.set(add.printingId, (counts.get(add.printingId) ?? 0) + 1);
  const right = expected.filter((id) => (counts.get(id) ?? 0) > 0).length;
  return {
    run: label,
    page_rate: phone.rate,
    added_right: right,
    wrong: run.adds.filter((add) => !expected.includes(add.printingId)).length,
    twice: expected.reduce((sum, id) => sum + Math.max(0, (counts.get(id) ?? 0) - 1), 0),
    missed: expected.length - right,
    to_check: run.toCheck,
    cards_per_minute: (right / showingSeconds) * 60,
  };
}

/**
 * Runs the continuous bench: a product on a catalogue with enough different cards, its images
 * served by a local mirror the server learns them from, and the sequence played at each CPU rate.
 */
export async function runContinuousBench({ work, out, cpuRuns }: {
  work: string;
  out: string;
  cpuRuns: ReadonlyArray<readonly [string, number]>;
}): Promise<ContinuousRow[]> {
  const cards = await prepareScanCatalogue(work, { cards: cardCount + 2 });
  const shown = cards.sequence.slice(0, cardCount);
  if (shown.length < cardCount) throw new Error(`The catalogue has ${shown.length} cards of their own, not ${cardCount}`);
  const sequence = await writeFakeCameraSequence({ cardImages: shown.map((card) => card.imageFile), out: join(work, 'sequence.y4m'), fps: 15, cardHeightRatio: 0.7, ...sequencePace });
  const showingSeconds = cardCount * (sequencePace.holdSeconds + sequencePace.moveSeconds);

  const mirror = Fastify();
  await mirror.register(fastifyStatic, { root: resolvePath(cards.imagesDir) });
  await mirror.listen({ port: 0, host: '127.0.0.1' });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const collector = { email: 'collector@cardlens.localhost', password: `collector-${randomBytes(6).toString('hex')}` };
  const product = startServer(port, { DATA_DIR: work, ASSETS_BASE_URL: `http://127.0.0.1:${(mirror.server.address() as AddressInfo).port}`, DEV_COLLECTOR_PASSWORD: collector.password }, ['scripts/start.mjs']);
  try {
    await waitForHealth(url, product, 240_000);
    // The server learns the cards from their images before it can name them.
    for (let ready = false; !ready; ) {
      ready = ((await (await fetch(`${url}/v1/vision/status`)).json()) as { ready: boolean }).ready;
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await warmUp(url, shown[0]!.imageFile);
    const referenceMs = await referenceTimes();
    const phones = cpuRuns.map(([, slowdown]) => phoneSlowerBy(slowdown, referenceMs));
    const rows: ContinuousRow[] = [];
    for (const [k, [label]] of cpuRuns.entries()) {
      const phone = phones[k]!;
      const run = await runOnce(url, sequence.file, sequence.seconds, collector, phone);
      rows.push(tally(label, phone, shown.map((card) => card.printingId), run, showingSeconds));
    }
    console.table(rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'number' ? Number(value.toFixed(1)) : value]))));
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'continuous.json'), `${JSON.stringify({ cards: cardCount, pace: sequencePace, rows }, null, 2)}\n`);
    console.log(`Written ${join(out, 'continuous.json')}. Cards per minute: cards added right over the ${showingSeconds.toFixed(0)} s the ${cardCount} cards were shown.`);
    return rows;
  } finally {
    await stop(product);
    await mirror.close();
  }
}
