import { Type, type Static } from '@sinclair/typebox';

const QuoteSchema = Type.Union([Type.Object({ amount: Type.Number(), updated: Type.String() }), Type.Null()]);

/** As every card object of the catalogue carries it (catalog-schemas.ts). */
const PriceSchema = Type.Object(
  { EUR: QuoteSchema, USD: QuoteSchema },
  { description: "The printing's price for its finish: EUR from Cardmarket's trend, USD from TCGplayer's market price; null when unknown" },
);

export const CandidateSchema = Type.Object({
  printingId: Type.String({ description: 'Printing id, e.g. "en-sv01-001-normal"' }),
  cardName: Type.String(),
  setName: Type.String(),
  number: Type.String({ description: 'Collector number within the set (localId)' }),
  variant: Type.String(),
  language: Type.String(),
  score: Type.Number({ description: 'Calibrated confidence that this is the card, 0 to 100' }),
  imageUrl: Type.String({ description: 'Card image (high.webp)' }),
  urls: Type.Object({
    cardUrl: Type.String({ description: 'The card on Cardmarket' }),
    searchInSetUrl: Type.String({ description: 'The card searched within its set on Cardmarket' }),
  }),
  price: Type.Optional(PriceSchema),
  printingNotInCatalogue: Type.Optional(
    Type.Boolean({
      description:
        'Present (true) when the photo shows this card\'s picture but its text box does not read as this printing\'s: most likely a printing of the same picture that the catalogue lacks (a reprint under other text). Its score then stays under the automatic add (at most 60).',
    }),
  ),
});

export type Candidate = Static<typeof CandidateSchema>;

export const IdentifyResultSchema = Type.Object({
  candidates: Type.Array(CandidateSchema, { description: 'Best first; at most 10; empty when nothing matches' }),
});
