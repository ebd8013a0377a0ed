import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/open-database.ts';
import { serverSettings } from '../server-settings.ts';
import type { StoredAttack } from '../db/tables.ts';
import type { CardFilterField, CardSortField } from './card-fields.ts';
import { compileFilter, type SqlField } from './filter/compile-filter.ts';
import { foldedOnly } from './filter/folded-only.ts';
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
  /** numeric, read as a string by the drivers. */
  price_eur: string | null;
  price_eur_updated: Date | null;
  price_usd: string | null;
  price_usd_updated: Date | null;
}

const ref = (column: string) => sql.ref(column);

/** How each card filter field reads in SQL; lists that join printings (the collection) reuse it. */
export const cardSqlFields: Record<CardFilterField, SqlField> = {
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

export interface SortKey {
  expression: Expression<unknown>;
  /** Cards without the value come last in both directions, rather than first when descending. */
  nullsLast?: boolean;
}

const numberOrder: SortKey[] = [{ expression: ref('printing.local_number') }, { expression: ref('printing.local_id') }];

/**
 * Every key takes the requested direction and the unique id ends the list, so a page is stable and
 * the (key, id) indexes can be read forwards or backwards instead of sorting.
 */
export const cardSortKeys: Record<CardSortField, SortKey[]> = {
  name: [{ expression: ref('printing.name_fold') }],
  hp: [{ expression: ref('printing.hp'), nullsLast: true }],
  localId: numberOrder,
  id: [],
  set: [{ expression: ref('card_set.name_fold') }, { expression: ref('printing.set_id') }, ...numberOrder],
  'set.name': [{ expression: ref('card_set.name_fold') }, { expression: ref('printing.set_id') }, ...numberOrder],
  'set.code': [{ expression: ref('card_set.code') }, { expression: ref('printing.set_id') }, ...numberOrder],
  'set.id': [{ expression: ref('printing.set_id') }, ...numberOrder],
};

/** An ORDER BY of the keys, all in one direction, ended by `unique` so pages are stable. */
export function orderClause(sortKeys: SortKey[], unique: Expression<unknown>, direction: 'asc' | 'desc'): RawBuilder<unknown> {
  const keys = [...sortKeys, { expression: unique }];
  return sql.join(
    keys.map(({ expression, nullsLast }) => sql`${expression} ${sql.raw(direction)}${sql.raw(nullsLast ? ' nulls last' : '')}`),
  );
}

/** The columns of a CardRow, from printing joined with card_set. */
export const cardColumns = [
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
  'printing.price_eur',
  'printing.price_eur_updated',
  'printing.price_usd',
  'printing.price_usd_updated',
] as const;

/** Fields whose filter or sort needs the set row; the others are on the printing, which is read without the join. */
const setTableFields = new Set<CardFilterField>(['set.code', 'set.name']);
const setTableSorts = new Set<CardSortField>(['set', 'set.name', 'set.code']);

/**
 * The set's fields as the set row holds them. A printing's language is its set's (migration 0018),
 * so a list filtered on these alone, or not at all, is counted from the sets' printing counts, and
 * one filtered on these and a case-insensitive name from the counts of each name in each set.
 */
const setRowFields: Partial<Record<CardFilterField, SqlField>> = {
  'set.id': { type: 'text', column: ref('card_set.id') },
  'set.code': cardSqlFields['set.code'],
  'set.name': cardSqlFields['set.name'],
  'set.language': { type: 'text', column: ref('card_set.language') },
};

const countedNameField: SqlField = { type: 'text', column: ref('printing_name_count.name_fold'), fold: ref('printing_name_count.name_fold') };

const whereAll = (conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> =>
  conditions.length > 0 ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`true`;

export type CardListRequest = ListRequest<CardFilterField, CardSortField>;

export interface CardRepository {
  list(request: CardListRequest): Promise<ListResult<CardRow>>;
}

export function createCardRepository(db: Database): CardRepository {
  const base = () => db.selectFrom('printing').innerJoin('card_set', 'card_set.id', 'printing.set_id');

  const needsSet = (request: CardListRequest) => request.filters.some(({ field }) => setTableFields.has(field));

  function countQuery(request: CardListRequest, where: RawBuilder<SqlBool>) {
    const setConditions: RawBuilder<SqlBool>[] = [];
    const nameConditions: RawBuilder<SqlBool>[] = [];
    for (const { field, filter } of request.filters) {
      const setField = setRowFields[field];
      if (setField) setConditions.push(compileFilter(filter, setField));
      else if (field === 'name' && foldedOnly(filter)) nameConditions.push(compileFilter(filter, countedNameField));
    }
    if (setConditions.length + nameConditions.length < request.filters.length) {
      return (needsSet(request) ? base() : db.selectFrom('printing')).select(sql<number>`count(*)::int`.as('total')).where(where);
    }
    if (nameConditions.length === 0) {
      return db.selectFrom('card_set').select(sql<number>`coalesce(sum(card_set.printing_count), 0)::int`.as('total')).where(whereAll(setConditions));
    }
    const names = db.selectFrom('printing_name_count');
    return (setConditions.length > 0 ? names.innerJoin('card_set', 'card_set.id', 'printing_name_count.set_id') : names)
      .select(sql<number>`coalesce(sum(printing_name_count.printings), 0)::int`.as('total'))
      .where(whereAll([...nameConditions, ...setConditions]));
  }

  return {
    async list(request) {
      const where = whereAll(request.filters.map(({ field, filter }) => compileFilter(filter, cardSqlFields[field])));
      const order = orderClause(cardSortKeys[request.orderBy], ref('printing.id'), request.direction);
      const offset = request.page * request.size;
      // The total rides on the page's rows: one statement, not two, on every page that has rows.
      const counted = countQuery(request, where);
      const page = base().select(cardColumns).select(counted.as('total'));
      // A deep page's ids are chosen from the narrow sort and filter columns, often an index alone;
      // only those rows are read whole and joined, rather than every row skipped on the way.
      const from = needsSet(request) || setTableSorts.has(request.orderBy) ? base() : db.selectFrom('printing');
      const rows = await (offset >= serverSettings.catalog.narrowPageFromOffset.value
        ? page.where('printing.id', 'in', from.select('printing.id').where(where).orderBy(order).limit(request.size).offset(offset)).orderBy(order)
        : page.where(where).orderBy(order).limit(request.size).offset(offset)
      ).execute();
      if (rows.length === 0) return { rows: [], total: (await counted.executeTakeFirstOrThrow()).total };
      return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]!.total! };
    },
  };
}
