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
  id: Type.String({ description: 'Entry id' }),
  printingId: Type.String(),
  condition: ConditionSchema,
  quantity: Type.Integer(),
  addedAt: Type.String({ description: 'When the printing was first added in this condition (ISO 8601)' }),
  card: CardSchema,
});
export type Entry = Static<typeof EntrySchema>;

export const EntryPageSchema = pageOf(EntrySchema);
export const CollectionListQuerySchema = listQuery(collectionFilterFields, collectionSortFields, defaultCollectionSort);

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

export const ImportResultSchema = Type.Object({ imported: Type.Integer({ description: 'Rows added' }), cards: Type.Integer({ description: 'Copies added' }) });

export const ImportErrorSchema = Type.Object({
  status: Type.Integer(),
  error: Type.String(),
  code: Type.String(),
  message: Type.String(),
  problems: Type.Optional(ImportPreviewSchema.properties.problems),
});
