// Starts the real API for the browser tests: in-memory PGlite filled with the small test catalogue
// plus one generated set long enough to need two pages. Vite forwards /v1 to it (vite.config.ts).
import { readFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../server/app.ts';
import { importCatalog } from '../server/catalog/import/import-catalog.ts';
import { readTcgdexFile } from '../server/catalog/import/read-tcgdex-file.ts';
import { readConfig } from '../server/env.ts';
import { tokenMinter } from '../server/test-support/bearer-tokens.ts';
import { testApiUrlVariable } from './forward-to-test-api.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testApiUrl: string;
    /** Access tokens of collectors who each own nothing at the start: one per test that signs in. */
    collectorTokens: string[];
  }
}

/** Enough collectors that no two screen tests share a collection. */
const collectorCount = 40;

interface DemoCatalog {
  sets: Record<string, unknown>[];
  cards: Record<string, unknown>[];
}

const cardmarket = (idProduct: number, trend: number) => ({
  updated: '2026-11-24T01:48:13.000Z',
  unit: 'EUR',
  idProduct,
  avg: trend,
  low: trend / 2,
  trend,
  avg1: trend,
  avg7: trend,
  avg30: trend,
  'avg-holo': 0,
  'low-holo': 0,
  'trend-holo': 0,
  'avg1-holo': 0,
  'avg7-holo': 0,
  'avg30-holo': 0,
});
const tcgplayer = (productId: number, marketPrice: number) => ({
  updated: '2026-11-23T20:05:22.000Z',
  unit: 'USD',
  normal: { productId, lowPrice: marketPrice / 2, midPrice: marketPrice, highPrice: marketPrice * 3, marketPrice, directLowPrice: null },
});

/** TCGdex `pricing` of three Gamma cards: both sources, Cardmarket only, TCGplayer only; the others have none. */
const gammaPricing: Record<string, unknown> = {
  'gamma-01': { cardmarket: cardmarket(700001, 4.5), tcgplayer: tcgplayer(500001, 5.25) },
  'gamma-02': { cardmarket: cardmarket(700002, 12), tcgplayer: null },
  'gamma-03': { cardmarket: null, tcgplayer: tcgplayer(500003, 0.5) },
};

/** 30 Italian cards in one set: more than one page of 24, and never matched by the small catalogue's names. */
function pagingSet(): DemoCatalog {
  const set = {
    id: 'gamma',
    language: 'it',
    name: 'Gamma Lunga',
    code: 'GAM',
    serie: { id: 'ta', name: 'Test Age' },
    releaseDate: '2022-03-01',
    cardCount: { official: 30, total: 30 },
    logo: null,
    symbol: null,
  };
  const cards = Array.from({ length: 30 }, (_, index) => {
    const number = String(index + 1).padStart(2, '0');
    return {
      id: `gamma-${number}`,
      localId: String(index + 1),
      language: 'it',
      name: `Gamma ${number}`,
      image: null,
      category: 'Pokemon',
      hp: 10 * (index + 1),
      types: ['Colorless'],
      stage: 'Basic',
      rarity: 'Common',
      illustrator: 'Test Artist',
      variants: { normal: true },
      attacks: [],
      setId: 'gamma',
      regulationMark: null,
      ...(gammaPricing[`gamma-${number}`] ? { pricing: gammaPricing[`gamma-${number}`] } : {}),
    };
  });
  return { sets: [set], cards };
}

export default async function startBrowserTestApi(project: TestProject) {
  const small = JSON.parse(readFileSync(new URL('../fixtures/catalog/small-catalog.json', import.meta.url), 'utf8')) as DemoCatalog;
  const extra = pagingSet();
  const config = readConfig({
    STATIC_DIR: '/nonexistent-card-lens-static',
    // Nothing listens on the discard port: images fail at once, as they do on a machine without internet.
    ASSETS_BASE_URL: 'http://127.0.0.1:9',
  });
  const app = await buildApp({ config, database: { kind: 'pglite' } });
  await importCatalog(app.db, readTcgdexFile({ sets: [...small.sets, ...extra.sets], cards: [...small.cards, ...extra.cards] }));
  const mint = await tokenMinter(app.db, config.identity.issuer);
  const collectorTokens = await Promise.all(Array.from({ length: collectorCount }, (_, index) => mint(`browser-collector-${index + 1}`, 4 * 3600)));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.env[testApiUrlVariable] = address;
  project.provide('testApiUrl', address);
  project.provide('collectorTokens', collectorTokens);
  return async () => {
    await app.close();
  };
}
