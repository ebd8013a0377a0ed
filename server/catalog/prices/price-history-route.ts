import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/open-database.ts';
import { HttpError } from '../../http-error.ts';
import { ErrorSchema } from '../catalog-schemas.ts';

const CurrencySchema = Type.Unsafe<'EUR' | 'USD'>({ type: 'string', enum: ['EUR', 'USD'], description: 'EUR (Cardmarket) or USD (TCGplayer)' });

export const PriceHistorySchema = Type.Object({
  currency: CurrencySchema,
  points: Type.Array(Type.Object({ date: Type.String({ description: 'YYYY-MM-DD' }), amount: Type.Number() }), {
    description: "The printing's price on each day it changed, oldest first",
  }),
});

/** GET /v1/cards/:id/price-history: a printing's own price on each day it changed. */
export function registerPriceHistoryRoute(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/v1/cards/:id/price-history',
    {
      schema: {
        summary: "A printing's price history",
        description: "The printing's price for its finish on each day it changed (EUR from Cardmarket's trend, USD from TCGplayer's market price).",
        tags: ['catalogue'],
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200, description: 'Printing id' }) }),
        querystring: Type.Object({ currency: CurrencySchema }),
        response: { 200: PriceHistorySchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { currency } = request.query;
      const printing = await db.selectFrom('printing').select('id').where('id', '=', id).executeTakeFirst();
      if (!printing) throw new HttpError(404, `No printing '${id}' in the catalogue`, { code: 'printing_not_found' });
      const rows = await db
        .selectFrom('printing_price_history')
        .select([(eb) => eb.fn<string>('to_char', [eb.ref('day'), eb.val('YYYY-MM-DD')]).as('date'), 'amount'])
        .where('printing_id', '=', id)
        .where('currency', '=', currency)
        .orderBy('day')
        .execute();
      return { currency, points: rows.map((row) => ({ date: row.date, amount: Number(row.amount) })) };
    },
  );
}
