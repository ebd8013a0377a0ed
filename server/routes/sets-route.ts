import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { SetService } from '../catalog/set-service.ts';
import { ErrorSchema, SetListQuerySchema, SetPageSchema, SetParamsSchema, SetSchema } from '../catalog/catalog-schemas.ts';

export function registerSetsRoute(app: FastifyInstance, sets: SetService): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    '/v1/sets',
    {
      schema: {
        summary: 'List sets (one entry per set and language)',
        description: 'Filter with field=op(value), sort with order_by=<field> and sort_by=asc|desc, page from 0.',
        tags: ['catalogue'],
        querystring: SetListQuerySchema,
        response: { 200: SetPageSchema, 400: ErrorSchema },
      },
    },
    async (request) => sets.list(request.query),
  );
  typed.get(
    '/v1/sets/:id',
    {
      schema: {
        summary: 'One set',
        tags: ['catalogue'],
        params: SetParamsSchema,
        response: { 200: SetSchema, 404: ErrorSchema },
      },
    },
    async (request) => sets.get(request.params.id),
  );
}
