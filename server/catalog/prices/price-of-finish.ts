import type { VariantName } from '../import/tcgdex-catalog.ts';
import type { Figures, TcgdexPricing } from './tcgdex-pricing.ts';

/**
 * A printing's own price from a card's TCGdex pricing, for its finish (the printing's variant).
 *
 * Cardmarket (EUR) sells one product per card with plain and `-holo` figures: a normal, first
 * edition or promo printing reads `trend`, a holo or reverse printing `trend-holo`. TCGplayer (USD)
 * has one block per finish: normal -> `normal`, holo -> `holofoil`, reverse -> `reverse-holofoil`,
 * first edition -> its `1st-edition...` block; the block's `marketPrice`.
 *
 * Fallbacks, each for the same finish only, so a reverse is never priced as the plain card:
 * - a figure of 0 is "no price" (Cardmarket writes 0 where nothing of that finish is listed);
 * - Cardmarket: `trend` (or `trend-holo`) missing -> `avg` (or `avg-holo`), the listings' mean;
 * - Cardmarket: a holo printing of a card with no normal printing reads `trend` when the `-holo`
 *   figures are empty: Cardmarket lists such a card (e.g. Base Set's Charizard) as its only product;
 * - TCGplayer: `marketPrice` missing -> `midPrice`; `normal` missing -> `unlimited`, `holofoil`
 *   missing -> `unlimited-holofoil` (old sets list their unlimited runs by those names); first
 *   edition: `1st-edition-holofoil`, `1st-edition`, then the camel-case `1stEditionHolofoil`,
 *   `1stEditionNormal`; a promo reads `normal`, else `holofoil`.
 */
export interface PrintingPrice {
  EUR: { amount: number; updated: string | null } | null;
  USD: { amount: number; updated: string | null } | null;
  tcgplayerProductId: number | null;
  cardmarketIdProduct: number | null;
}

const positive = (value: number | null | undefined): number | null => (typeof value === 'number' && value > 0 ? value : null);
const round = (amount: number) => Math.round(amount * 100) / 100;

const tcgplayerBlocks: Record<VariantName, string[]> = {
  normal: ['normal', 'unlimited'],
  holo: ['holofoil', 'unlimited-holofoil'],
  reverse: ['reverse-holofoil'],
  firstEdition: ['1st-edition-holofoil', '1st-edition', '1stEditionHolofoil', '1stEditionNormal'],
  wPromo: ['normal', 'holofoil'],
};

function cardmarketAmount(figures: Figures, variant: VariantName, cardHasNormal: boolean): number | null {
  const holo = variant === 'holo' || variant === 'reverse';
  const plain = positive(figures.trend) ?? positive(figures.avg);
  if (!holo) return plain;
  const foil = positive(figures['trend-holo']) ?? positive(figures['avg-holo']);
  if (foil !== null) return foil;
  return variant === 'holo' && !cardHasNormal ? plain : null;
}

function tcgplayerBlock(blocks: Record<string, Figures>, variant: VariantName): Figures | undefined {
  for (const name of tcgplayerBlocks[variant]) {
    const block = blocks[name];
    if (block && (positive(block.marketPrice) ?? positive(block.midPrice)) !== null) return block;
  }
  return undefined;
}

export function priceOfFinish(pricing: TcgdexPricing, variant: string, cardHasNormal: boolean): PrintingPrice {
  const finish = (variant in tcgplayerBlocks ? variant : 'normal') as VariantName;
  const { cardmarket, tcgplayer } = pricing;
  const eur = cardmarket ? cardmarketAmount(cardmarket.figures, finish, cardHasNormal) : null;
  const block = tcgplayer ? tcgplayerBlock(tcgplayer.blocks, finish) : undefined;
  const usd = block ? (positive(block.marketPrice) ?? positive(block.midPrice)) : null;
  // One TCGplayer product carries every finish of a card: any block's id names it.
  const anyProductId = tcgplayer ? Object.values(tcgplayer.blocks).map((b) => positive(b.productId)).find((id) => id !== null) : undefined;
  return {
    EUR: eur === null ? null : { amount: round(eur), updated: cardmarket!.updated },
    USD: usd === null ? null : { amount: round(usd), updated: tcgplayer!.updated },
    tcgplayerProductId: positive(block?.productId) ?? anyProductId ?? null,
    cardmarketIdProduct: cardmarket?.idProduct ?? null,
  };
}

/** The finishes a source's figures are stored under: Cardmarket's plain and `-holo` halves, TCGplayer's blocks. */
export function storedFinishes(pricing: TcgdexPricing): Array<{ source: 'cardmarket' | 'tcgplayer'; finish: string; figures: Figures; updated: string | null }> {
  const rows: Array<{ source: 'cardmarket' | 'tcgplayer'; finish: string; figures: Figures; updated: string | null }> = [];
  if (pricing.cardmarket) {
    const plain: Figures = {};
    const holo: Figures = {};
    for (const [key, value] of Object.entries(pricing.cardmarket.figures)) {
      if (key.endsWith('-holo')) holo[key.slice(0, -'-holo'.length)] = value;
      else plain[key] = value;
    }
    rows.push({ source: 'cardmarket', finish: 'normal', figures: plain, updated: pricing.cardmarket.updated });
    if (Object.values(holo).some((value) => value !== null)) rows.push({ source: 'cardmarket', finish: 'holo', figures: holo, updated: pricing.cardmarket.updated });
  }
  for (const [finish, figures] of Object.entries(pricing.tcgplayer?.blocks ?? {})) {
    rows.push({ source: 'tcgplayer', finish, figures, updated: pricing.tcgplayer!.updated });
  }
  return rows;
}
