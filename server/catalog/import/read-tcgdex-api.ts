import type { CatalogSource, TcgdexCard } from './tcgdex-catalog.ts';
import { ImportError, normalizeCard, normalizeSet } from './normalize-tcgdex.ts';

export interface TcgdexApiOptions {
  /** The API root, e.g. https://api.tcgdex.net/v2 or a mirror with the same paths. */
  baseUrl: string;
  languages: string[];
  /** TCGdex set ids to import; all sets of each language when empty. */
  sets?: string[];
  /** Card requests in flight at once. */
  concurrency?: number;
  /** Further attempts after a network error or a 5xx answer. */
  retries?: number;
  /** Milliseconds before the first retry; doubles each time. */
  retryDelayMs?: number;
  /** Sets not to read (already imported), by TCGdex language and set id. */
  skip?: (language: string, setId: string) => boolean;
  /** A language the API does not serve (404) has no sets, rather than being an error. */
  languagesMayBeMissing?: boolean;
}

async function getJson(url: string, retries: number, delayMs: number): Promise<unknown | undefined> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' } });
      if (response.status === 404) return undefined;
      if (response.ok) return await response.json();
      if (response.status < 500 || attempt >= retries) throw new ImportError(`GET ${url} answered ${response.status}`);
    } catch (error) {
      if (error instanceof ImportError || attempt >= retries) {
        throw error instanceof ImportError ? error : new ImportError(`GET ${url} failed: ${(error as Error).message}`);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, delayMs * 2 ** attempt));
  }
}

async function mapLimited<T, R>(items: T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Reads sets and their cards from the TCGdex REST API v2: one request per set, then one per card. */
export async function readTcgdexApi(options: TcgdexApiOptions): Promise<CatalogSource> {
  const base = options.baseUrl.replace(/\/+$/, '');
  const retries = options.retries ?? 3;
  const delay = options.retryDelayMs ?? 500;
  const concurrency = options.concurrency ?? 8;
  const get = (path: string) => getJson(`${base}${path}`, retries, delay);

  const wanted: Array<{ language: string; setId: string }> = [];
  for (const language of options.languages) {
    let setIds = options.sets ?? [];
    if (setIds.length === 0) {
      const list = await get(`/${encodeURIComponent(language)}/sets`);
      if (list === undefined && options.languagesMayBeMissing) continue;
      if (!Array.isArray(list)) throw new ImportError(`${base}/${language}/sets is not a list of sets`);
      setIds = list.map((entry) => normalizeSet(entry, language).id);
    }
    for (const setId of setIds) if (!options.skip?.(language, setId)) wanted.push({ language, setId });
  }

  return {
    size: wanted.length,
    batches: (async function* () {
      for (const { language, setId } of wanted) {
        const lang = encodeURIComponent(language);
        const raw = await get(`/${lang}/sets/${encodeURIComponent(setId)}`);
        if (raw === undefined) continue;
        const set = normalizeSet(raw, language);
        const briefs = Array.isArray((raw as { cards?: unknown }).cards) ? (raw as { cards: unknown[] }).cards : [];
        const ids = briefs
          .map((brief) => (typeof brief === 'object' && brief !== null ? (brief as { id?: unknown }).id : undefined))
          .filter((id): id is string => typeof id === 'string');
        const cards = await mapLimited(ids, concurrency, async (id) => {
          const card = await get(`/${lang}/cards/${encodeURIComponent(id)}`);
          return card === undefined ? undefined : normalizeCard(card, language, set.id);
        });
        yield { set, cards: cards.filter((card): card is TcgdexCard => card !== undefined) };
      }
    })(),
  };
}
