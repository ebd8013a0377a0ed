/**
 * A synthetic catalogue in the demo format (`{sets, cards}`) with a chosen number of printings,
 * shaped like real data: two languages, sets of about 250 cards, one to three variants per card,
 * some cards without hp or illustrator. The same seed gives the same catalogue.
 */

import { seededRandom } from '../../fixtures/identify/seeded-random.ts';

const syllables = ['pi', 'ka', 'chu', 'bul', 'ba', 'saur', 'char', 'man', 'der', 'squi', 'rtle', 'eev', 'ee', 'mew', 'two', 'gar', 'dos', 'ra', 'ti', 'zard', 'lu', 'gia', 'ho', 'oh', 'ne', 'ko', 'ga', 'é', 'lé'];
const illustrators = Array.from({ length: 60 }, (_, i) => `Illustrator ${String.fromCharCode(65 + (i % 26))}${i}`);
const rarities = ['Common', 'Uncommon', 'Rare', 'Double rare', 'Ultra Rare', 'Illustration rare'];
const types = ['Grass', 'Fire', 'Water', 'Lightning', 'Psychic', 'Fighting', 'Darkness', 'Metal', 'Dragon', 'Colorless'];
const variantSets = [['normal', 'reverse'], ['holo'], ['normal'], ['holo', 'reverse'], ['normal', 'reverse', 'holo']];


export function generateCatalog(printings: number, seed = 1): { sets: unknown[]; cards: unknown[] } {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const word = () => {
    const name = Array.from({ length: 2 + Math.floor(next() * 2) }, () => pick(syllables)).join('');
    return name[0]!.toUpperCase() + name.slice(1);
  };
  const sets: unknown[] = [];
  const cards: unknown[] = [];
  let written = 0;
  for (let setIndex = 0; written < printings; setIndex++) {
    const setId = `gen${String(setIndex).padStart(3, '0')}`;
    const code = `G${String(setIndex).padStart(2, '0')}`;
    const setName = `${word()} ${word()}`;
    const size = 200 + Math.floor(next() * 100);
    for (const language of ['en', 'fr']) {
      sets.push({
        id: setId,
        language,
        name: language === 'en' ? setName : `${setName} (FR)`,
        code,
        serie: { id: 'gen', name: 'Generated' },
        releaseDate: `20${String(10 + (setIndex % 15)).padStart(2, '0')}-0${1 + (setIndex % 9)}-15`,
        cardCount: { official: size, total: size },
        logo: `https://assets.tcgdex.net/${language}/gen/${setId}/logo`,
        symbol: `https://assets.tcgdex.net/univ/gen/${setId}/symbol`,
      });
    }
    for (let number = 1; number <= size && written < printings; number++) {
      const localId = String(number).padStart(3, '0');
      const trainer = next() < 0.15;
      const hp = trainer ? null : 30 + 10 * Math.floor(next() * 30);
      const variants = pick(variantSets);
      const name = word() + (next() < 0.1 ? ' ex' : '');
      const illustrator = next() < 0.05 ? null : pick(illustrators);
      const rarity = pick(rarities);
      const cardTypes = trainer ? [] : [pick(types)];
      for (const language of ['en', 'fr']) {
        if (written >= printings) break;
        cards.push({
          id: `${setId}-${localId}`,
          localId,
          language,
          name,
          image: `https://assets.tcgdex.net/${language}/gen/${setId}/${localId}`,
          category: trainer ? 'Trainer' : 'Pokemon',
          hp,
          types: cardTypes,
          stage: trainer ? null : 'Basic',
          rarity,
          illustrator,
          variants: Object.fromEntries(['normal', 'reverse', 'holo', 'firstEdition', 'wPromo'].map((v) => [v, variants.includes(v)])),
          attacks: trainer ? [] : [{ name: `${word()} Strike`, damage: 10 * Math.floor(next() * 20), effect: null, cost: [pick(types)] }],
          setId,
          regulationMark: 'H',
        });
        written += variants.length;
      }
    }
  }
  return { sets, cards };
}
