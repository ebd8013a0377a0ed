import type { FastifyError, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireUser, signedInUser } from '../auth/authenticate.ts';
import type { TokenVerifier } from '../auth/token-verifier.ts';
import { ErrorSchema } from '../catalog/catalog-schemas.ts';
import { refuseControlCharacters } from '../control-characters.ts';
import { HttpError } from '../http-error.ts';
import { sendError } from '../plugins/errors.ts';
import { serverSettings } from '../server-settings.ts';
import type { CollectionService } from './collection-service.ts';
import { ImportRefused } from './collection-service.ts';
import {
  AddedEntrySchema,
  AddEntryBodySchema,
  ChangeEntryBodySchema,
  CollectionListQuerySchema,
  EntryPageSchema,
  EntryParamsSchema,
  EntrySchema,
  ImportErrorSchema,
  CollectionValueHistorySchema,
  CollectionValueSchema,
  CurrencyQuerySchema,
  ImportPreviewSchema,
  ImportQuerySchema,
  ImportResultSchema,
  LayoutQuerySchema,
  OwnedInSetSchema,
  OwnedQuerySchema,
  OwnedSchema,
  SetCompletionSchema,
  SetIdParamsSchema,
  TotalsSchema,
} from './collection-schemas.ts';
import type { LayoutName } from './csv-layouts.ts';
import type { ImportMode } from './import/plan-import.ts';

const importLimit = serverSettings.collection.importBodyLimit.value;
const { previewRows, importMaxRows, maxQuantity: maxCopies } = serverSettings.collection;
const maxRows = importMaxRows.value;
const maxQuantity = maxCopies.value;
const ownedMax = serverSettings.collection.ownedMaxPrintings.value;
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const csvTypes = ['text/csv', 'application/csv', 'text/plain'];

const errors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema };
const tags = ['collection'];
const security = [{ bearerAuth: [] }];

/** The signed-in user's collection: every route reads and writes only the token subject's entries. */
export async function registerCollectionRoutes(app: FastifyInstance, collection: CollectionService, verify: TokenVerifier): Promise<void> {
  app.addHook('onClose', () => collection.close());
  await app.register(async (scope) => {
    // Before validation, so a visitor without a token learns that first.
    scope.addHook('onRequest', requireUser(verify));
    // Import files arrive as CSV text; their bytes go to the import thread, which decodes them.
    scope.addContentTypeParser(csvTypes, { parseAs: 'buffer', bodyLimit: importLimit }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof ImportRefused) {
        return reply.status(422).send({ ...sendError(422, error.message, error.code), problems: error.preview.problems });
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, `The file is larger than ${megabytes(importLimit)}: split it and import each part`, { code: 'import_too_large' });
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        throw new HttpError(415, `Send the file as CSV text (Content-Type text/csv), not ${request.headers['content-type'] ?? 'without a type'}`, {
          code: 'import_media_type',
        });
      }
      throw error;
    });

    const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
    const owner = (request: Parameters<typeof signedInUser>[0]) => signedInUser(request).subject;

    typed.get(
      '/v1/collection',
      {
        schema: {
          summary: 'List my collection',
          description: 'The filters, sorts and paging of /v1/cards, plus condition, quantity and added.',
          tags,
          security,
          querystring: CollectionListQuerySchema,
          response: { 200: EntryPageSchema, ...errors },
        },
      },
      async (request) => collection.list(owner(request), request.query),
    );

    typed.post(
      '/v1/collection',
      {
        schema: {
          summary: 'Add copies of a printing',
          description: 'Adding a printing already owned in that condition adds to its quantity. Condition defaults to near_mint, quantity to 1.',
          tags,
          security,
          body: AddEntryBodySchema,
          response: { 200: AddedEntrySchema, 201: AddedEntrySchema, ...errors, 409: ErrorSchema },
        },
      },
      async (request, reply) => {
        refuseControlCharacters({ printingId: request.body.printingId }, 'Body field');
        const { entry, created, added } = await collection.add(owner(request), request.body);
        return reply.status(created ? 201 : 200).send({ ...entry, added, created });
      },
    );

    typed.patch(
      '/v1/collection/:id',
      {
        schema: {
          summary: 'Change the quantity or condition of an entry',
          description: 'Moving to a condition the printing is already owned in merges the two entries.',
          tags,
          security,
          params: EntryParamsSchema,
          body: ChangeEntryBodySchema,
          response: { 200: EntrySchema, ...errors, 409: ErrorSchema },
        },
      },
      async (request) => collection.change(owner(request), request.params.id, request.body),
    );

    typed.delete(
      '/v1/collection/:id',
      {
        schema: {
          summary: 'Remove an entry',
          description: 'Answers the entry as it was: adding its printingId, condition and quantity again (POST /v1/collection) undoes the removal.',
          tags,
          security,
          params: EntryParamsSchema,
          response: { 200: EntrySchema, ...errors },
        },
      },
      async (request) => collection.remove(owner(request), request.params.id),
    );

    typed.get(
      '/v1/collection/value',
      {
        schema: {
          summary: 'What my collection is worth',
          description:
            "Each entry is worth its quantity times its printing's price for its finish (condition is not priced): the total, the entries with and without a price, each set's value and the most valuable entries.",
          tags,
          security,
          querystring: CurrencyQuerySchema,
          response: { 200: CollectionValueSchema, ...errors },
        },
      },
      async (request) => collection.value(owner(request), request.query.currency),
    );

    typed.get(
      '/v1/collection/value/history',
      {
        schema: {
          summary: 'What my collection was worth',
          description: `The collection's value on each day a price of an owned printing changed in the last ${serverSettings.collection.valueHistoryDays.value} days, today's quantities counted (quantities have no history).`,
          tags,
          security,
          querystring: CurrencyQuerySchema,
          response: { 200: CollectionValueHistorySchema, ...errors },
        },
      },
      async (request) => collection.valueHistory(owner(request), request.query.currency),
    );

    typed.get(
      '/v1/collection/totals',
      { schema: { summary: 'How many cards and printings I own', tags, security, response: { 200: TotalsSchema, 401: ErrorSchema } } },
      async (request) => collection.totals(owner(request)),
    );

    typed.get(
      '/v1/collection/sets',
      { schema: { summary: 'Completion of every set I own cards of', tags, security, response: { 200: SetCompletionSchema, 401: ErrorSchema } } },
      async (request) => collection.completion(owner(request)),
    );

    typed.get(
      '/v1/collection/sets/:id',
      {
        schema: { summary: 'The printings of one set I own', tags, security, params: SetIdParamsSchema, response: { 200: OwnedInSetSchema, ...errors } },
      },
      async (request) => collection.ownedInSet(owner(request), request.params.id),
    );

    typed.get(
      '/v1/collection/owned',
      {
        schema: {
          summary: 'How many copies I own of some printings',
          description: `Every condition summed. At most ${ownedMax} printing ids, separated by commas.`,
          tags,
          security,
          querystring: OwnedQuerySchema,
          response: { 200: OwnedSchema, 400: ErrorSchema, 401: ErrorSchema },
        },
      },
      async (request) => {
        const printingIds = request.query.printingIds.split(',').map((id) => id.trim()).filter((id) => id !== '');
        if (printingIds.length === 0) throw new HttpError(400, 'Name at least one printing id in printingIds', { code: 'no_printing_ids' });
        if (printingIds.length > ownedMax) throw new HttpError(400, `Ask for at most ${ownedMax} printings at once, not ${printingIds.length}`, { code: 'too_many_printing_ids' });
        return collection.owned(owner(request), printingIds);
      },
    );

    typed.get(
      '/v1/collection/export',
      {
        schema: {
          summary: 'Export my collection as CSV',
          description: 'Layouts: generic (every field, reads back exactly), tcgplayer, cardmarket. The columns are in docs/collection.md.',
          tags,
          security,
          querystring: LayoutQuerySchema,
          produces: ['text/csv'],
          response: { 200: { type: 'string', description: 'CSV file' }, ...errors },
        },
      },
      async (request, reply) => {
        const layout = (request.query.layout ?? 'generic') as LayoutName;
        const csv = await collection.exportCsv(owner(request), layout);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="card-lens-collection-${layout}.csv"`)
          .send(csv);
      },
    );

    const importSchema = (summary: string, description: string, ok: object) => ({
      summary,
      description,
      tags,
      security,
      querystring: ImportQuerySchema,
      consumes: ['text/csv'],
      // Any body: the CSV parser hands the file's bytes on as they are, and the import thread reads them.
      body: { description: `A CSV file in UTF-8 of at most ${megabytes(importLimit)} and ${maxRows} rows` },
      response: { 200: ok, ...errors, 413: ErrorSchema, 415: ErrorSchema, 422: ImportErrorSchema, 429: ErrorSchema, 503: ErrorSchema },
    });

    typed.post(
      '/v1/collection/import/preview',
      {
        bodyLimit: importLimit,
        schema: importSchema(
          'Read a CSV file without importing it',
          `Answers its counts and totals, its first ${previewRows.value} matched rows and, by line, the rows it cannot import. One file per collector at a time: another answers 429 import_in_progress.`,
          ImportPreviewSchema,
        ),
      },
      async (request) =>
        collection.previewImport(owner(request), (request.query.layout ?? 'generic') as LayoutName, request.body as Buffer, request.query.mode as ImportMode | undefined),
    );

    typed.post(
      '/v1/collection/import',
      {
        bodyLimit: importLimit,
        schema: importSchema(
          'Import a CSV file',
          `Adds every row to the collection (mode=add, the default) or sets the quantities of the entries it names (mode=replace), in one transaction, or none: any row it cannot read, or that would take an entry over ${maxQuantity} copies, answers 422 listing them. With skipFailed=true the good rows are imported and the failed ones listed in the answer, also as CSV text (failuresCsv). One file per collector at a time: another answers 429 import_in_progress.`,
          ImportResultSchema,
        ),
      },
      async (request) =>
        collection.applyImport(owner(request), (request.query.layout ?? 'generic') as LayoutName, request.body as Buffer, {
          mode: request.query.mode as ImportMode | undefined,
          skipFailed: request.query.skipFailed,
        }),
    );
  });
}
