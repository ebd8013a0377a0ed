import type { TcgdexAttack, TcgdexCard, TcgdexSet } from './tcgdex-catalog.ts';
import { variantNames } from './tcgdex-catalog.ts';
import { readPricing } from '../prices/tcgdex-pricing.ts';

export class ImportError extends Error {
  override name = 'ImportError';
}

type Raw = Record<string, unknown>;

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const integer = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

function required(raw: Raw, key: string, what: string): string {
  const value = text(raw[key]);
  if (value === null) throw new ImportError(`${what} has no '${key}'`);
  return value;
}

/**
 * Reads a set as the demo file or the TCGdex API v2 writes it. The code follows the demo file's rule:
 * the official abbreviation, else the TCG Online code, else the id in upper case.
 */
export function normalizeSet(raw: unknown, language: string): TcgdexSet {
  if (!isObject(raw)) throw new ImportError('a set is not an object');
  const id = required(raw, 'id', 'a set');
  const serie = isObject(raw.serie) ? { id: text(raw.serie.id), name: text(raw.serie.name) } : null;
  const abbreviation = isObject(raw.abbreviation) ? text(raw.abbreviation.official) : null;
  const count = isObject(raw.cardCount) ? raw.cardCount : {};
  return {
    id,
    language,
    name: required(raw, 'name', `set '${id}'`),
    code: text(raw.code) ?? abbreviation ?? text(raw.tcgOnline) ?? id.toUpperCase(),
    serie: serie?.id ? { id: serie.id, name: serie.name ?? serie.id } : null,
    releaseDate: text(raw.releaseDate),
    cardCount: { official: integer(count.official), total: integer(count.total) },
    logo: text(raw.logo),
    symbol: text(raw.symbol),
  };
}

function normalizeAttack(raw: unknown): TcgdexAttack | null {
  if (!isObject(raw) || text(raw.name) === null) return null;
  const damage = typeof raw.damage === 'number' || typeof raw.damage === 'string' ? raw.damage : null;
  return { name: text(raw.name)!, damage, effect: text(raw.effect), cost: texts(raw.cost) };
}

/** Reads a card as the demo file or the TCGdex API v2 writes it (the API nests the set as `set`). */
export function normalizeCard(raw: unknown, language: string, setId: string): TcgdexCard {
  if (!isObject(raw)) throw new ImportError(`a card of set '${setId}' is not an object`);
  const id = required(raw, 'id', `a card of set '${setId}'`);
  const variants = isObject(raw.variants) ? raw.variants : {};
  const pricing = readPricing(raw.pricing);
  return {
    id,
    localId: text(raw.localId) ?? (typeof raw.localId === 'number' ? String(raw.localId) : id.slice(setId.length + 1) || id),
    language,
    name: required(raw, 'name', `card '${id}'`),
    image: text(raw.image),
    category: text(raw.category),
    hp: integer(raw.hp),
    types: texts(raw.types),
    stage: text(raw.stage),
    rarity: text(raw.rarity),
    illustrator: text(raw.illustrator),
    variants: Object.fromEntries(variantNames.map((name) => [name, variants[name] === true])),
    attacks: Array.isArray(raw.attacks) ? raw.attacks.map(normalizeAttack).filter((attack) => attack !== null) : [],
    setId,
    regulationMark: text(raw.regulationMark),
    ...(pricing ? { pricing } : {}),
  };
}
