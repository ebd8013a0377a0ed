import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** A card as the TCGdex API v2 answers it: the fields the double needs, the rest passed through. */
export interface DoubleCard {
  id: string;
  localId: string;
  name: string;
  set: { id: string; name: string };
  pricing?: unknown;
  [field: string]: unknown;
}

export interface TcgdexTestDouble {
  /** The API root to give the importer or the refresh, e.g. http://127.0.0.1:PORT/v2. */
  baseUrl: string;
  /** Cards by language and id; change one (its pricing) and the next request sees it. */
  cards: Map<string, DoubleCard>;
  /** Requests answered so far. */
  requests(): number;
  close(): Promise<void>;
}

const fixturesDir = fileURLToPath(new URL('../../fixtures/tcgdex-pricing/', import.meta.url));

/** The cards of fixtures/tcgdex-pricing, by `language/id`. */
export function pricingFixtures(): Map<string, DoubleCard> {
  const cards = new Map<string, DoubleCard>();
  for (const language of ['en', 'fr']) {
    for (const name of readdirSync(`${fixturesDir}${language}`).filter((file) => file.endsWith('.json'))) {
      const card = JSON.parse(readFileSync(`${fixturesDir}${language}/${name}`, 'utf8')) as DoubleCard;
      cards.set(`${language}/${card.id}`, card);
    }
  }
  return cards;
}

/**
 * A test double of the TCGdex REST API v2 on a real local port: `/v2/{lang}/sets`,
 * `/v2/{lang}/sets/{id}` and `/v2/{lang}/cards/{id}`, answered from the cards given (the pricing
 * fixtures by default), each after `latencyMs`. Unknown paths answer 404 as the API does.
 */
export async function startTcgdexTestDouble(options: { cards?: Map<string, DoubleCard>; latencyMs?: number } = {}): Promise<TcgdexTestDouble> {
  const cards = options.cards ?? pricingFixtures();
  let requests = 0;
  const send = (response: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    response.end(text);
  };
  const answer = (path: string): [number, unknown] => {
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] !== 'v2') return [404, { error: 'not found' }];
    const [, language, kind, id] = parts;
    const ofLanguage = [...cards.entries()].filter(([key]) => key.startsWith(`${language}/`)).map(([, card]) => card);
    if (kind === 'cards' && id) {
      const card = cards.get(`${language}/${id}`);
      return card ? [200, card] : [404, { error: 'not found' }];
    }
    if (kind === 'sets' && !id) {
      const sets = new Map(ofLanguage.map((card) => [card.set.id, { id: card.set.id, name: card.set.name }]));
      return [200, [...sets.values()]];
    }
    if (kind === 'sets' && id) {
      const inSet = ofLanguage.filter((card) => card.set.id === id);
      if (inSet.length === 0) return [404, { error: 'not found' }];
      return [
        200,
        {
          id,
          name: inSet[0]!.set.name,
          cardCount: { official: inSet.length, total: inSet.length },
          cards: inSet.map((card) => ({ id: card.id, localId: card.localId, name: card.name })),
        },
      ];
    }
    return [404, { error: 'not found' }];
  };
  const server: Server = createServer((request, response) => {
    requests += 1;
    const [status, body] = answer(new URL(request.url ?? '/', 'http://double').pathname);
    if (options.latencyMs) setTimeout(() => send(response, status, body), options.latencyMs);
    else send(response, status, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v2`,
    cards,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
