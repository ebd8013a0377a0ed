import { Type, type Static, type TSchema } from '@fastify/type-provider-typebox';
import { cardFilterFields, cardSortFields, defaultCardSort } from './card-fields.ts';
import { pagingDefaults } from './read-list-request.ts';
import { defaultSetSort, setFilterFields, setSortFields } from './set-fields.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ErrorSchema = Type.Object({ status: Type.Integer(), error: Type.String(), code: Type.String(), message: Type.String() });

export const SetSummarySchema = Type.Object({
  id: Type.String({ description: 'Set id, one per set and language, e.g. "en-sv01"' }),
  code: Type.String({ description: 'Official abbreviation, e.g. "SVI"' }),
  name: Type.String(),
  language: Type.String({ description: 'Two-letter language code' }),
});

const PriceQuoteSchema = Nullable(
  Type.Object({ amount: Type.Number(), updated: Type.String({ description: 'When the source last computed it (ISO 8601)' }) }),
);

export const PriceSchema = Type.Object(
  { EUR: PriceQuoteSchema, USD: PriceQuoteSchema },
  { description: "The printing's price for its finish: EUR from Cardmarket's trend, USD from TCGplayer's market price; null when unknown" },
);

export const CardSchema = Type.Object({
  id: Type.String({ description: 'Printing id: "{language}-{card code}-{variant}", e.g. "en-sv01-001-reverse"' }),
  code: Type.String({ description: 'TCGdex card id shared by the printings of one card, e.g. "sv01-001"' }),
  name: Type.String(),
  image: Nullable(Type.String({ description: 'Image base address: append "/high.webp" or "/low.webp"' })),
  hp: Type.Optional(Type.Integer({ description: 'Absent for cards without HP' })),
  localId: Type.String({ description: 'Number within the set' }),
  rarity: Nullable(Type.String()),
  variant: Type.String({ description: 'normal, reverse, holo, firstEdition or wPromo' }),
  types: Type.Array(Type.String()),
  illustrator: Nullable(Type.String()),
  category: Nullable(Type.String()),
  stage: Nullable(Type.String()),
  regulationMark: Nullable(Type.String()),
  attacks: Type.Array(
    Type.Object({
      name: Type.String(),
      damage: Nullable(Type.String({ description: 'As printed, e.g. "30", "30+", "20×"' })),
      text: Nullable(Type.String()),
      cost: Type.Array(Type.String()),
    }),
  ),
  set: SetSummarySchema,
  price: PriceSchema,
});

export const SetSchema = Type.Object({
  ...SetSummarySchema.properties,
  logo: Nullable(Type.String({ description: 'Logo base address: append ".webp"' })),
  symbol: Nullable(Type.String({ description: 'Symbol base address: append ".webp"' })),
  releaseDate: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
  cardCount: Type.Object({ official: Nullable(Type.Integer()), total: Nullable(Type.Integer()) }),
});

export type Card = Static<typeof CardSchema>;
export type CardSet = Static<typeof SetSchema>;

export const pageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    content: Type.Array(item),
    pageable: Type.Object({
      page: Type.Integer(),
      size: Type.Integer(),
      total_elements: Type.Integer(),
      total_pages: Type.Integer(),
    }),
  });

export const CardPageSchema = pageOf(CardSchema);
export const SetPageSchema = pageOf(SetSchema);

export function listQuery(filters: Record<string, string>, sorts: readonly string[], defaultSort: string) {
  const filterProperties = Object.fromEntries(
    Object.entries(filters).map(([field, type]) => [
      field,
      Type.Optional(
        Type.String({
          description: `Filter on ${field} (${type}), written op(value): eq, contains, gt/gte/lt/lte, ci(...), not(...), and(...), or(...)`,
        }),
      ),
    ]),
  );
  return Type.Object({
    page: Type.Optional(
      Type.Integer({ minimum: 0, maximum: pagingDefaults.maxPage, default: pagingDefaults.page, description: 'Zero-based page' }),
    ),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: pagingDefaults.maxSize, default: pagingDefaults.size })),
    order_by: Type.Optional(
      Type.String({ enum: [...sorts], default: defaultSort, description: 'The field to sort on' }),
    ),
    sort_by: Type.Optional(Type.String({ enum: ['asc', 'desc'], default: 'asc', description: 'The sort direction' })),
    ...filterProperties,
  });
}

export const CardListQuerySchema = listQuery(cardFilterFields, cardSortFields, defaultCardSort);
export const SetListQuerySchema = listQuery(setFilterFields, setSortFields, defaultSetSort);
export const SetParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
