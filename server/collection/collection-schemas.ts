import { Type, type Static } from '@fastify/type-provider-typebox';
import { CardSchema, listQuery, pageOf } from '../catalog/catalog-schemas.ts';
import { serverSettings } from '../server-settings.ts';
import { collectionFilterFields, collectionSortFields, defaultCollectionSort } from './collection-fields.ts';
import { collectionConditions, type CollectionCondition } from './conditions.ts';
import { layoutNames } from './csv-layouts.ts';

const maxQuantity = serverSettings.collection.maxQuantity.value;

export const ConditionSchema = Type.Unsafe<CollectionCondition>({
  type: 'string',
  enum: [...collectionConditions],
  description: 'Near Mint, Lightly Played, Moderately Played, Heavily Played or Damaged',
});

const QuantitySchema = Type.Integer({ minimum: 1, maximum: maxQuantity, description: 'Copies' });

export const EntrySchema = Type.Object({
  value: Type.Optional(
    Type.Union([Type.Number(), Type.Null()], { description: "Quantity times the printing's price in the asked currency; null when it has none" }),
  ),
  id: Type.String({ description: 'Entry id' }),
  printingId: Type.String(),
  condition: ConditionSchema,
  quantity: Type.Integer(),
  addedAt: Type.String({ description: 'When the printing was first added in this condition (ISO 8601)' }),
  card: CardSchema,
});
export type Entry = Static<typeof EntrySchema>;

export const EntryPageSchema = pageOf(EntrySchema);
export const CurrencySchema = Type.Unsafe<'EUR' | 'USD'>({ type: 'string', enum: ['EUR', 'USD'], description: 'EUR (Cardmarket) or USD (TCGplayer)' });

export const CollectionListQuerySchema = Type.Object({
  ...listQuery(collectionFilterFields, collectionSortFields, defaultCollectionSort).properties,
  currency: Type.Optional({ ...CurrencySchema, description: "The currency of `value` (its filter and sort); default: the collector's profile" }),
});

const printingIdPattern = '^[^\\u0000-\\u001f\\u007f]{1,200}$';

export const AddEntryBodySchema = Type.Object(
  {
    printingId: Type.String({ pattern: printingIdPattern, description: 'The printing: it fixes language and finish' }),
    condition: Type.Optional(ConditionSchema),
    quantity: Type.Optional(QuantitySchema),
  },
  { additionalProperties: false },
);

export const AddedEntrySchema = Type.Object({
  ...EntrySchema.properties,
  added: Type.Integer({ description: 'Copies this request added' }),
  created: Type.Boolean({ description: 'The entry is new: undoing the add removes it' }),
});

export const ChangeEntryBodySchema = Type.Object(
  { condition: Type.Optional(ConditionSchema), quantity: Type.Optional(QuantitySchema) },
  { additionalProperties: false, minProperties: 1 },
);

export const EntryParamsSchema = Type.Object({
  id: Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$', description: 'Entry id' }),
});

export const TotalsSchema = Type.Object({
  cards: Type.Integer({ description: 'Copies, every quantity summed' }),
  printings: Type.Integer({ description: 'Distinct printings owned' }),
  entries: Type.Integer({ description: 'Printing and condition pairs' }),
});

export const SetCompletionSchema = Type.Object({
  sets: Type.Array(
    Type.Object({
      id: Type.String(),
      code: Type.String(),
      name: Type.String(),
      language: Type.String(),
      owned: Type.Integer({ description: 'Cards of the set owned in any variant or condition' }),
      total: Type.Integer({ description: 'Cards of the set in the catalogue' }),
      official: Type.Union([Type.Integer(), Type.Null()], { description: 'The official card count printed on the cards' }),
    }),
  ),
});

export const OwnedInSetSchema = Type.Object({
  setId: Type.String(),
  printings: Type.Array(Type.Object({ printingId: Type.String(), quantity: Type.Integer() })),
});

export const OwnedSchema = Type.Object({
  printings: Type.Array(Type.Object({ printingId: Type.String(), quantity: Type.Integer() }), { description: 'The asked printings that are owned; one not listed is not owned' }),
});

export const OwnedQuerySchema = Type.Object({
  printingIds: Type.String({ minLength: 1, description: `Printing ids separated by commas, at most ${serverSettings.collection.ownedMaxPrintings.value}` }),
});

export const SetIdParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

export const LayoutQuerySchema = Type.Object({
  layout: Type.Optional(Type.String({ enum: [...layoutNames], default: 'generic', description: 'CSV column layout' })),
});

const previewRows = serverSettings.collection.previewRows.value;

export const ImportPreviewSchema = Type.Object({
  layout: Type.String(),
  rows: Type.Integer({ description: 'Data rows in the file' }),
  matchedRows: Type.Integer({ description: 'Rows matched to a printing, that the import adds' }),
  firstRows: Type.Array(
    Type.Object({
      line: Type.Integer(),
      printingId: Type.String(),
      name: Type.String(),
      setName: Type.String(),
      number: Type.String(),
      language: Type.String(),
      variant: Type.String(),
      condition: ConditionSchema,
      quantity: Type.Integer(),
      resulting: Type.Integer({ description: 'Copies of this printing in this condition owned after the import, in the mode asked' }),
    }),
    { description: `The first ${previewRows} matched rows, to check the columns were read as meant` },
  ),
  problems: Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() }), { description: 'Rows that cannot be imported, by line of the file' }),
  omittedProblems: Type.Integer({ description: 'Problems beyond those listed' }),
  totals: Type.Object({
    cards: Type.Integer({ description: 'Copies the matched rows add' }),
    printings: Type.Integer({ description: 'Distinct printings' }),
    entries: Type.Integer({ description: 'Printing and condition pairs' }),
  }),
});
export type ImportPreview = Static<typeof ImportPreviewSchema>;

const FailureSchema = Type.Object({ line: Type.Integer(), message: Type.String() });

export const ImportResultSchema = Type.Object({
  imported: Type.Integer({ description: 'Rows imported' }),
  cards: Type.Integer({ description: 'Copies the imported rows hold' }),
  failures: Type.Optional(Type.Array(FailureSchema, { description: 'With skipFailed: the rows left out, by line of the file' })),
  failuresCsv: Type.Optional(Type.String({ description: 'The same failures as a CSV file (columns line, problem), to download' })),
  omittedFailures: Type.Optional(Type.Integer({ description: 'Failures beyond those listed' })),
});

export const ImportQuerySchema = Type.Object({
  layout: Type.Optional(Type.String({ enum: [...layoutNames], default: 'generic', description: 'CSV column layout' })),
  mode: Type.Optional(Type.String({ enum: ['add', 'replace'], default: 'add', description: "add: the file's copies are added to those owned; replace: they become the quantities owned of the entries in the file" })),
  skipFailed: Type.Optional(Type.Boolean({ default: false, description: 'Import the good rows and list the failed ones, rather than refusing the file' })),
});

export const ImportErrorSchema = Type.Object({
  status: Type.Integer(),
  error: Type.String(),
  code: Type.String(),
  message: Type.String(),
  problems: Type.Optional(ImportPreviewSchema.properties.problems),
});

export const CurrencyQuerySchema = Type.Object({
  currency: Type.Optional({ ...CurrencySchema, description: "EUR or USD; default: the collector's profile, else its language's (fr: EUR, en: USD)" }),
});

export const CollectionValueSchema = Type.Object({
  currency: CurrencySchema,
  total: Type.Number({ description: 'Every priced entry summed' }),
  priced: Type.Integer({ description: 'Entries with a price' }),
  unpriced: Type.Integer({ description: 'Entries without one, left out of the total' }),
  sets: Type.Array(Type.Object({ setId: Type.String(), setName: Type.String(), value: Type.Number() }), { description: 'Sets with a priced entry, most valuable first' }),
  top: Type.Array(EntrySchema, { description: 'The most valuable entries, most valuable first, each with its value' }),
});

export const CollectionValueHistorySchema = Type.Object({
  currency: CurrencySchema,
  points: Type.Array(Type.Object({ date: Type.String({ description: 'YYYY-MM-DD' }), value: Type.Number() }), {
    description: "The value on each day a price of an owned printing changed, oldest first, today's quantities",
  }),
});
