import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { CardService } from '../catalog/card-service.ts';
import { CardListQuerySchema, CardPageSchema, ErrorSchema } from '../catalog/catalog-schemas.ts';

export function registerCardsRoute(app: FastifyInstance, cards: CardService): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/v1/cards',
    {
      schema: {
        summary: 'List card printings',
        description:
          'Filter with field=op(value) (see the filter grammar), sort with order_by=<field> and sort_by=asc|desc, page from 0.',
        tags: ['catalogue'],
        querystring: CardListQuerySchema,
        response: { 200: CardPageSchema, 400: ErrorSchema },
      },
    },
    async (request) => cards.list(request.query),
  );
}
