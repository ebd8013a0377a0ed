/**
 * The `pricing` object of a TCGdex REST API v2 card, read defensively: Cardmarket's figures in EUR
 * (`avg`, `low`, `trend`, `avg1`, `avg7`, `avg30`, the same with `-holo`, and `idProduct`) and
 * TCGplayer's in USD, one block per finish (`normal`, `holofoil`, `reverse-holofoil`, ...), each
 * with `productId`, `lowPrice`, `midPrice`, `highPrice`, `marketPrice`, `directLowPrice`.
 */
export type Figures = Record<string, number | null>;

export interface CardmarketPricing {
  updated: string | null;
  idProduct: number | null;
  figures: Figures;
}

export interface TcgplayerPricing {
  updated: string | null;
  /** Finish block name -> its figures, productId included. */
  blocks: Record<string, Figures>;
}

export interface TcgdexPricing {
  cardmarket: CardmarketPricing | null;
  tcgplayer: TcgplayerPricing | null;
}

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const dateOrNull = (value: unknown): string | null => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null);
const productId = (value: unknown): number | null => {
  const number = numberOrNull(value);
  return number !== null && Number.isInteger(number) && number > 0 && number <= 2 ** 31 - 1 ? number : null;
};

/** Numbers only: `unit`, `updated` and other texts are left out of the figures. */
function figuresOf(raw: Raw): Figures {
  const figures: Figures = {};
  for (const [key, value] of Object.entries(raw)) if (typeof value === 'number' || value === null) figures[key] = numberOrNull(value);
  return figures;
}

/** Undefined when the card has no `pricing` at all (the demo file), so stored prices are left alone. */
export function readPricing(raw: unknown): TcgdexPricing | undefined {
  if (!isObject(raw)) return undefined;
  const cardmarket = isObject(raw.cardmarket)
    ? { updated: dateOrNull(raw.cardmarket.updated), idProduct: productId(raw.cardmarket.idProduct), figures: figuresOf(raw.cardmarket) }
    : null;
  let tcgplayer: TcgplayerPricing | null = null;
  if (isObject(raw.tcgplayer)) {
    const blocks: Record<string, Figures> = {};
    for (const [name, block] of Object.entries(raw.tcgplayer)) if (isObject(block)) blocks[name] = figuresOf(block);
    tcgplayer = { updated: dateOrNull(raw.tcgplayer.updated), blocks };
  }
  return { cardmarket, tcgplayer };
}
