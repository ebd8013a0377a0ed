import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/open-database.ts';
import { compileFilter, type SqlField } from './filter/compile-filter.ts';
import type { ListRequest, ListResult } from './list-request.ts';
import type { SetFilterField, SetSortField } from './set-fields.ts';

export interface SetRow {
  id: string;
  code: string;
  name: string;
  language: string;
  logo: string | null;
  symbol: string | null;
  release_date: string | null;
  card_count_official: number | null;
  card_count_total: number | null;
}

const ref = (column: string) => sql.ref(column);

const fields: Record<SetFilterField, SqlField> = {
  id: { type: 'text', column: ref('card_set.id') },
  name: { type: 'text', column: ref('card_set.name'), fold: ref('card_set.name_fold') },
  code: { type: 'text', column: ref('card_set.code') },
  language: { type: 'text', column: ref('card_set.language') },
};

const sorts: Record<SetSortField, RawBuilder<unknown>> = {
  name: sql`card_set.name_fold`,
  code: sql`card_set.code`,
  id: sql`card_set.id`,
  language: sql`card_set.language`,
  releaseDate: sql`card_set.release_date`,
};

export type SetListRequest = ListRequest<SetFilterField, SetSortField>;

export interface SetRepository {
  list(request: SetListRequest): Promise<ListResult<SetRow>>;
  find(id: string): Promise<SetRow | undefined>;
}

const columns = [
  'id',
  'code',
  'name',
  'language',
  'logo',
  'symbol',
  'release_date',
  'card_count_official',
  'card_count_total',
] as const;

export function createSetRepository(db: Database): SetRepository {
  return {
    async list(request) {
      const conditions = request.filters.map(({ field, filter }) => compileFilter(filter, fields[field]));
      const where: RawBuilder<SqlBool> = conditions.length > 0 ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`true`;
      const direction = sql.raw(request.direction);
      const counted = db.selectFrom('card_set').select(sql<number>`count(*)::int`.as('total')).where(where);
      // The total rides on the page's rows, as card lists do: one statement on every page that has rows.
      const rows = await db
        .selectFrom('card_set')
        .select([...columns, counted.as('total')])
        .where(where)
        .orderBy(sql`${sorts[request.orderBy]} ${direction} nulls last, card_set.id asc`)
        .limit(request.size)
        .offset(request.page * request.size)
        .execute();
      if (rows.length === 0) return { rows: [], total: (await counted.executeTakeFirstOrThrow()).total };
      return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]!.total! };
    },
    async find(id) {
      return db.selectFrom('card_set').select(columns).where('id', '=', id).executeTakeFirst();
    },
  };
}
