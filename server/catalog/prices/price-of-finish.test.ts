import { describe, expect, it } from 'vitest';
import { pricingFixtures } from '../../test-support/tcgdex-test-double.ts';
import { priceOfFinish } from './price-of-finish.ts';
import { readPricing } from './tcgdex-pricing.ts';

const fixtures = pricingFixtures();
const pricingOf = (key: string) => readPricing(fixtures.get(key)!.pricing)!;
const amounts = (key: string, variant: string, cardHasNormal: boolean) => {
  const price = priceOfFinish(pricingOf(key), variant, cardHasNormal);
  return { EUR: price.EUR?.amount ?? null, USD: price.USD?.amount ?? null };
};

describe("a printing's price for its finish", () => {
  it("reads Cardmarket's trend for a normal printing and trend-holo for its reverse; TCGplayer's block of the finish", () => {
    expect(amounts('en/xy1-126', 'normal', true)).toEqual({ EUR: 0.15, USD: 0.22 });
    expect(amounts('en/xy1-126', 'reverse', true)).toEqual({ EUR: 0.68, USD: 0.52 });
  });

  it("prices a holo-only card from Cardmarket's plain figures when its -holo ones are empty", () => {
    expect(amounts('en/base1-4', 'holo', false)).toEqual({ EUR: 397.58, USD: 845.87 });
  });

  it('reads a trend-holo of 0 as no price, not as free: a reverse of a card with a normal printing has none', () => {
    expect(amounts('en/swsh11-199', 'reverse', true)).toEqual({ EUR: null, USD: null });
  });

  it('takes the first edition block for a first edition and the unlimited run for the holo', () => {
    expect(amounts('en/neo1-9', 'firstEdition', false)).toEqual({ EUR: null, USD: 1085.03 });
    expect(amounts('en/neo1-9', 'holo', false)).toEqual({ EUR: null, USD: 518.99 });
  });

  it("keeps the source's updated time and the marketplaces' ids", () => {
    expect(priceOfFinish(pricingOf('en/xy1-126'), 'reverse', true)).toEqual({
      EUR: { amount: 0.68, updated: '2026-08-14T08:02:25.004Z' },
      USD: { amount: 0.52, updated: '2026-08-14T08:02:34.815Z' },
      tcgplayerProductId: 89095,
      cardmarketIdProduct: 281463,
    });
  });

  it('has Cardmarket only for a French card and nothing for a card without pricing', () => {
    expect(amounts('fr/swsh11-199', 'holo', false)).toEqual({ EUR: 1.01, USD: null });
    expect(readPricing(fixtures.get('en/sv03-125')!.pricing)).toBeUndefined();
  });
});
