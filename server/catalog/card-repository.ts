import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/open-database.ts';
import type { StoredAttack } from '../db/tables.ts';
import type { CardFilterField, CardSortField } from './card-fields.ts';
import { compileFilter, type SqlField } from './filter/compile-filter.ts';
import type { ListRequest, ListResult } from './list-request.ts';

export interface CardRow {
  id: string;
  card_id: string;
  name: string;
  image: string | null;
  hp: number | null;
  local_id: string;
  rarity: string | null;
  variant: string;
  types: string[];
  illustrator: string | null;
  category: string | null;
  stage: string | null;
  regulation_mark: string | null;
  attacks: StoredAttack[];
  set_id: string;
  set_code: string;
  set_name: string;
  set_language: string;
}

const ref = (column: string) => sql.ref(column);

const fields: Record<CardFilterField, SqlField> = {
  name: { type: 'text', column: ref('printing.name'), fold: ref('printing.name_fold') },
  hp: { type: 'number', column: ref('printing.hp') },
  illustrator: { type: 'text', column: ref('printing.illustrator'), fold: ref('printing.illustrator_fold') },
  rarity: { type: 'text', column: ref('printing.rarity') },
  variant: { type: 'text', column: ref('printing.variant') },
  localId: { type: 'text', column: ref('printing.local_id') },
  id: { type: 'text', column: ref('printing.id') },
  code: { type: 'text', column: ref('printing.card_id') },
  'set.id': { type: 'text', column: ref('printing.set_id') },
  'set.code': { type: 'text', column: ref('card_set.code') },
  'set.name': { type: 'text', column: ref('card_set.name'), fold: ref('card_set.name_fold') },
  'set.language': { type: 'text', column: ref('printing.language') },
};

interface SortKey {
  expression: Expression<unknown>;
  nullable?: boolean;
}

const inSetOrder: SortKey[] = [
  { expression: ref('printing.set_id') },
  { expression: ref('printing.local_number'), nullable: true },
  { expression: ref('printing.local_id') },
];

/** The primary keys follow the requested direction; the tie-breakers always ascend, ending in the unique id. */
const sorts: Record<CardSortField, { primary: SortKey[]; ties: SortKey[] }> = {
  name: { primary: [{ expression: ref('printing.name_fold') }], ties: inSetOrder },
  hp: { primary: [{ expression: ref('printing.hp'), nullable: true }], ties: [{ expression: ref('printing.name_fold') }] },
  localId: {
    primary: [{ expression: ref('printing.local_number'), nullable: true }, { expression: ref('printing.local_id') }],
    ties: [{ expression: ref('printing.set_id') }],
  },
  id: { primary: [{ expression: ref('printing.id') }], ties: [] },
  set: { primary: [{ expression: ref('card_set.name_fold') }], ties: inSetOrder },
  'set.name': { primary: [{ expression: ref('card_set.name_fold') }], ties: inSetOrder },
  'set.code': { primary: [{ expression: ref('card_set.code') }], ties: inSetOrder },
  'set.id': { primary: [{ expression: ref('printing.set_id') }], ties: inSetOrder.slice(1) },
};

function orderClause(orderBy: CardSortField, direction: 'asc' | 'desc'): RawBuilder<unknown> {
  const { primary, ties } = sorts[orderBy];
  const keys = [
    ...primary.map((key) => ({ ...key, direction })),
    ...ties.map((key) => ({ ...key, direction: 'asc' as const })),
    { expression: ref('printing.id'), direction: 'asc' as const, nullable: false },
  ];
  return sql.join(
    keys.map(({ expression, direction: dir, nullable }) =>
      sql`${expression} ${sql.raw(dir)}${sql.raw(nullable ? ' nulls last' : '')}`,
    ),
  );
}

export type CardListRequest = ListRequest<CardFilterField, CardSortField>;

export interface CardRepository {
  list(request: CardListRequest): Promise<ListResult<CardRow>>;
}

export function createCardRepository(db: Database): CardRepository {
  const base = () => db.selectFrom('printing').innerJoin('card_set', 'card_set.id', 'printing.set_id');

  return {
    async list(request) {
      const conditions = request.filters.map(({ field, filter }) => compileFilter(filter, fields[field]));
      const where: RawBuilder<SqlBool> = conditions.length > 0 ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`true`;
      const rowsQuery = base()
        .select([
          'printing.id',
          'printing.card_id',
          'printing.name',
          'printing.image',
          'printing.hp',
          'printing.local_id',
          'printing.rarity',
          'printing.variant',
          'printing.types',
          'printing.illustrator',
          'printing.category',
          'printing.stage',
          'printing.regulation_mark',
          'printing.attacks',
          'printing.set_id',
          'card_set.code as set_code',
          'card_set.name as set_name',
          'printing.language as set_language',
        ])
        .where(where)
        .orderBy(orderClause(request.orderBy, request.direction))
        .limit(request.size)
        .offset(request.page * request.size);
      const countQuery = base().select(sql<number>`count(*)::int`.as('total')).where(where);
      const [rows, count] = await Promise.all([rowsQuery.execute(), countQuery.executeTakeFirstOrThrow()]);
      return { rows, total: count.total };
    },
  };
}
