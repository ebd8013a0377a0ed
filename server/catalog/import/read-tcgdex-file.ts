import type { CatalogBatch, CatalogSource } from './tcgdex-catalog.ts';
import { ImportError, normalizeCard, normalizeSet } from './normalize-tcgdex.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A catalogue in the demo file's format: `{ sets: [...], cards: [...] }`, one entry per language. */
export function readTcgdexFile(json: unknown): CatalogSource {
  if (!isObject(json) || !Array.isArray(json.sets) || !Array.isArray(json.cards)) {
    throw new ImportError('expected a JSON object with "sets" and "cards" arrays');
  }
  const batches = new Map<string, CatalogBatch>();
  for (const raw of json.sets) {
    const language = isObject(raw) && typeof raw.language === 'string' ? raw.language : undefined;
    if (!language) throw new ImportError('a set has no language');
    const set = normalizeSet(raw, language);
    batches.set(`${language}/${set.id}`, { set, cards: [] });
  }
  for (const raw of json.cards) {
    const language = isObject(raw) && typeof raw.language === 'string' ? raw.language : undefined;
    const setId = isObject(raw) && typeof raw.setId === 'string' ? raw.setId : undefined;
    if (!language || !setId) throw new ImportError('a card has no language or setId');
    const batch = batches.get(`${language}/${setId}`);
    if (!batch) throw new ImportError(`card '${String(raw.id)}' belongs to set '${setId}' (${language}), which the file does not list`);
    batch.cards.push(normalizeCard(raw, language, setId));
  }
  const list = [...batches.values()];
  return {
    size: list.length,
    batches: (async function* () {
      yield* list;
    })(),
  };
}
