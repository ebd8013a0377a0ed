import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { clientSettings } from '../../../src/lib/client-settings.ts';
import { tcgdexAssetsBase } from '../../../server/catalog/asset-address.ts';
import { importCatalog } from '../../../server/catalog/import/import-catalog.ts';
import { readTcgdexFile } from '../../../server/catalog/import/read-tcgdex-file.ts';
import { openDatabase } from '../../../server/db/open-database.ts';
import { createFingerprintRepository } from '../../../server/vision/catalog-index/fingerprint-repository.ts';
import { indexCatalog } from '../../../server/vision/catalog-index/index-catalog.ts';
import { partsWithout } from '../../../server/vision/pipeline/pipeline-parts.ts';
import { splitPage } from '../../../server/vision/pipeline/split-page.ts';
import { summarise } from '../../load/latency-summary.ts';
import { probeFromProcess } from '../../load/probe-endpoint.ts';
import { startServer } from '../../load/server-process.ts';
import { readKit } from '../real-cards/real-card-kit.ts';
import { kitEntries, kitIdentifyService, type KitPipeline } from '../real-cards/real-card-rows.ts';
import { readPageKit, type PageKitCard, type PageKitPhoto } from './page-kit.ts';

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface AnsweredCard {
  quad: Array<[number, number]>;
  candidates: Array<{ printingId: string; score: number }>;
}

export interface PageRow {
  kind: string;
  pages: number;
  cards: number;
  /** Cards whose box an answered card overlaps at IoU >= 0.5. */
  found: string;
  pagesAllFound: string;
  /** Found cards of the catalogue answered first with their card. */
  top1: string;
  /** Found cards of the catalogue answered first with another card / that card at an automatic add's score. */
  wrong: string;
  sureWrong: string;
  /** Found cards outside the catalogue answered with no match. */
  outsideNoMatch: string;
  /** Answered cards that are no card of the photo (an empty pocket, a part of a card). */
  notACard: number;
  /** On this thread, one card after another (the server identifies a page's cards side by side). */
  pageP50ms: number;
  pageP99ms: number;
}

export interface PageTimeRow {
  kind: string;
  pages: number;
  /** On the real server, its pool identifying a page's cards side by side. */
  pageP50ms: number;
  pageP99ms: number;
  perCardP50ms: number;
}

const pct = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`);
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
};
const boxOf = (points: Array<{ x: number; y: number }>): Box => ({
  x0: Math.min(...points.map((p) => p.x)),
  y0: Math.min(...points.map((p) => p.y)),
  x1: Math.max(...points.map((p) => p.x)),
  y1: Math.max(...points.map((p) => p.y)),
});
function iou(a: Box, b: Box): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (w <= 0 || h <= 0) return 0;
  const area = (box: Box) => (box.x1 - box.x0) * (box.y1 - box.y0);
  return (w * h) / (area(a) + area(b) - w * h);
}

async function postPage(url: string, photo: Buffer): Promise<{ status: number; cards: AnsweredCard[]; ms: number }> {
  const form = new FormData();
  form.append('photo', new Blob([photo], { type: 'image/jpeg' }), 'page.jpg');
  const started = performance.now();
  const response = await fetch(`${url}/v1/vision/identify-page`, { method: 'POST', body: form });
  const body = (await response.json()) as { cards?: AnsweredCard[] };
  return { status: response.status, cards: body.cards ?? [], ms: performance.now() - started };
}

/** Each answered card matched to the photo's card it overlaps most (IoU >= 0.5), each card at most once. */
function matchCards(truth: PageKitCard[], answered: AnsweredCard[]): Array<AnsweredCard | undefined> {
  const taken = new Set<number>();
  return truth.map((card) => {
    const box = boxOf(card.corners);
    let best = -1;
    let bestIou = 0.5;
    answered.forEach((answer, i) => {
      const overlap = iou(box, boxOf(answer.quad.map(([x, y]) => ({ x, y }))));
      if (!taken.has(i) && overlap >= bestIou) [best, bestIou] = [i, overlap];
    });
    if (best < 0) return undefined;
    taken.add(best);
    return answered[best];
  });
}

function rowOf(kind: string, results: Array<{ page: PageKitPhoto; matched: Array<AnsweredCard | undefined>; answered: number; ms: number }>, imageOf: Map<string, string>): PageRow {
  const count = { cards: 0, found: 0, inCatalog: 0, top1: 0, wrong: 0, sureWrong: 0, outside: 0, outsideNoMatch: 0, notACard: 0, complete: 0 };
  const sure = (score: number) => score >= clientSettings.autoAddMinScore.value;
  for (const { page, matched, answered } of results) {
    count.notACard += answered - matched.filter(Boolean).length;
    if (matched.every(Boolean)) count.complete += 1;
    page.cards.forEach((card, i) => {
      count.cards += 1;
      const top = matched[i]?.candidates[0];
      if (!matched[i]) return;
      count.found += 1;
      if (!card.inCatalog) {
        count.outside += 1;
        if (!top) count.outsideNoMatch += 1;
        else if (sure(top.score)) count.sureWrong += 1;
        return;
      }
      count.inCatalog += 1;
      if (top && imageOf.get(top.printingId) === card.imageFile) count.top1 += 1;
      else if (top) {
        count.wrong += 1;
        if (sure(top.score)) count.sureWrong += 1;
      }
    });
  }
  const times = results.map((result) => result.ms);
  return {
    kind,
    pages: results.length,
    cards: count.cards,
    found: pct(count.found, count.cards),
    pagesAllFound: pct(count.complete, results.length),
    top1: pct(count.top1, count.inCatalog),
    wrong: pct(count.wrong, count.inCatalog),
    sureWrong: `${count.sureWrong}`,
    outsideNoMatch: `${pct(count.outsideNoMatch, count.outside)} of ${count.outside}`,
    notACard: count.notACard,
    pageP50ms: quantile(times, 0.5),
    pageP99ms: quantile(times, 0.99),
  };
}

const byKind = <T extends { page: PageKitPhoto }>(results: T[]) => [...new Set(results.map((result) => result.page.kind))].map((kind) => [kind, results.filter((result) => result.page.kind === kind)] as const);

/**
 * Binder pages and piles (`npm run kit:pages`) identified as /v1/vision/identify-page does, on this
 * thread, against the real-card kit's catalogue grown to `size` printings: cards found and named.
 */
export async function pageRows(pageKitDir: string, size: number, pipeline: KitPipeline, log: (line: string) => void): Promise<PageRow[]> {
  const kit = readPageKit(pageKitDir);
  const realKit = readKit(kit.realCardKit);
  const imageOf = new Map(realKit.printings.map((printing) => [printing.printingId, printing.imageFile]));
  const { entries, rasters } = await kitEntries(realKit);
  const service = await kitIdentifyService(entries, rasters, Math.max(size, entries.length), pipeline);
  log(`Pages: ${kit.pages.length} photos against ${Math.max(size, entries.length)} printings...`);
  const results: Array<{ page: PageKitPhoto; matched: Array<AnsweredCard | undefined>; answered: number; ms: number }> = [];
  for (const page of kit.pages) {
    const started = performance.now();
    const answer = await service.identifyPage(readFileSync(page.photo));
    const matched = matchCards(page.cards, answer.cards);
    results.push({ page, matched, answered: answer.cards.length, ms: performance.now() - started });
    page.cards.forEach((card, i) => {
      const top = matched[i]?.candidates[0];
      const what = !matched[i] ? 'not found' : !top ? (card.inCatalog ? 'no match' : null) : imageOf.get(top.printingId) === card.imageFile ? null : `${top.printingId} at ${top.score}`;
      if (what) log(`  missed ${basename(page.photo)} card ${i + 1} (${page.conditions.join(', ')}): ${what}`);
    });
  }
  return [...byKind(results).map(([kind, chosen]) => rowOf(kind, chosen, imageOf)), rowOf('all', results, imageOf)];
}

export interface PageBoxRow {
  kind: string;
  pages: number;
  cards: number;
  /** Cards whose box a box of the page route overlaps at IoU >= 0.5, before anything is identified. */
  found: string;
  pagesAllFound: string;
  /** Boxes that are no card of the photo; a weak one that names no card is not answered later. */
  notACard: number;
}

/**
 * The page route's boxes alone (`--pages-on boxes`): the cards it would cut out of each photo,
 * matched to the kit's cards, with nothing identified; its rules measured in seconds.
 */
export async function pageBoxRows(pageKitDir: string, pipeline: KitPipeline, log: (line: string) => void): Promise<PageBoxRow[]> {
  const kit = readPageKit(pageKitDir);
  const searches = partsWithout(pipeline.without).pageSearches;
  log(`Page boxes: ${kit.pages.length} photos...`);
  const results: Array<{ page: PageKitPhoto; matched: Array<AnsweredCard | undefined>; answered: number }> = [];
  for (const page of kit.pages) {
    const cards = await splitPage(readFileSync(page.photo), { detectCards: pipeline.detectCards!, settings: pipeline.settings, searches });
    const answered = cards.map(({ quad }) => ({ quad: quad.map(({ x, y }) => [x, y] as [number, number]), candidates: [] }));
    const matched = matchCards(page.cards, answered);
    results.push({ page, matched, answered: answered.length });
    matched.forEach((card, i) => card || log(`  no box for ${basename(page.photo)} card ${i + 1} (${page.conditions.join(', ')})`));
  }
  const rowOfBoxes = (kind: string, chosen: typeof results): PageBoxRow => {
    const cards = chosen.reduce((sum, { page }) => sum + page.cards.length, 0);
    const found = chosen.reduce((sum, { matched }) => sum + matched.filter(Boolean).length, 0);
    return {
      kind,
      pages: chosen.length,
      cards,
      found: pct(found, cards),
      pagesAllFound: pct(chosen.filter(({ matched }) => matched.every(Boolean)).length, chosen.length),
      notACard: chosen.reduce((sum, { matched, answered }) => sum + answered - matched.filter(Boolean).length, 0),
    };
  };
  return [...byKind(results).map(([kind, chosen]) => rowOfBoxes(kind, chosen)), rowOfBoxes('all', results)];
}

/**
 * The same pages sent to the real server's /v1/vision/identify-page over the kit's catalogue
 * imported and indexed: the time a page takes; then `/health` probed while pages are identified one
 * after another for `seconds`.
 */
export async function pageServerTimes(pageKitDir: string, seconds: number, log: (line: string) => void): Promise<{ rows: PageTimeRow[]; health: ReturnType<typeof summarise> }> {
  const kit = readPageKit(pageKitDir);
  const realKit = readKit(kit.realCardKit);
  const dataDir = mkdtempSync(join(tmpdir(), 'card-lens-pages-'));
  log(`Importing and indexing the real-card kit's catalogue (${realKit.printings.length} printings) for the server...`);
  const db = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    await importCatalog(db, readTcgdexFile(JSON.parse(readFileSync(realKit.catalogFile, 'utf8'))));
    await indexCatalog(createFingerprintRepository(db), { assetsBaseUrl: tcgdexAssetsBase, imagesDir: realKit.imagesDir });
  } finally {
    await db.destroy();
  }
  const server = await startServer(dataDir);
  try {
    const photos = kit.pages.map((page) => readFileSync(page.photo));
    await postPage(server.url, photos[0]!); // loads the models in a worker
    log(`Pages on the server: ${kit.pages.length} photos...`);
    const results: Array<{ page: PageKitPhoto; ms: number }> = [];
    for (const [i, page] of kit.pages.entries()) {
      const answer = await postPage(server.url, photos[i]!);
      if (answer.status !== 200) throw new Error(`${page.photo} answered ${answer.status}`);
      results.push({ page, ms: answer.ms });
    }
    const timeRow = (kind: string, chosen: typeof results): PageTimeRow => ({
      kind,
      pages: chosen.length,
      pageP50ms: quantile(chosen.map((result) => result.ms), 0.5),
      pageP99ms: quantile(chosen.map((result) => result.ms), 0.99),
      perCardP50ms: quantile(chosen.map((result) => result.ms / Math.max(1, result.page.cards.length)), 0.5),
    });
    const rows = [...byKind(results).map(([kind, chosen]) => timeRow(kind, chosen)), timeRow('all', results)];
    log(`/health while pages are identified one after another for ${seconds} s...`);
    const until = Date.now() + seconds * 1000;
    const probing = probeFromProcess(server.url, ['/health'], 50, until);
    for (let i = 0; Date.now() < until; i++) await postPage(server.url, photos[i % photos.length]!);
    const [health] = await probing;
    return { rows, health: summarise(health!, seconds) };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
