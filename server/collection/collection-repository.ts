import { sql, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import { cardColumns, cardSortKeys, cardSqlFields, orderClause, type CardRow, type SortKey } from '../catalog/card-repository.ts';
import { compileFilter, type SqlField } from '../catalog/filter/compile-filter.ts';
import { foldedOnly } from '../catalog/filter/folded-only.ts';
import type { FilterNode } from '../catalog/filter/filter-ast.ts';
import type { ListRequest, ListResult } from '../catalog/list-request.ts';
import type { Database } from '../db/open-database.ts';
import type { CollectionCondition, Tables } from '../db/tables.ts';
import type { CollectionFilterField, CollectionSortField } from './collection-fields.ts';
import { collectionConditions } from './conditions.ts';

export type Currency = 'EUR' | 'USD';

/** An entry's value in a currency: its copies times its printing's own price; null without a price. */
export const valueExpression = (currency: Currency) =>
  sql<string | null>`(${ref('entry.quantity')} * ${ref(currency === 'EUR' ? 'entry.price_eur' : 'entry.price_usd')})`;

export interface EntryRow extends CardRow {
  entry_id: string;
  condition: CollectionCondition;
  quantity: number;
  added_at: Date;
}

export interface StoredEntry {
  id: string;
  printing_id: string;
  condition: CollectionCondition;
  quantity: number;
  added_at: Date;
}

export interface NewEntry {
  printingId: string;
  condition: CollectionCondition;
  quantity: number;
  addedAt?: Date;
}

export interface SetCompletionRow {
  id: string;
  code: string;
  name: string;
  language: string;
  official: number | null;
  owned: number;
  total: number;
}

/** What identifies a printing in an imported file: its set by id, code and name, its number, language and variant. */
export interface PrintingIdentity {
  id: string;
  set_id: string;
  set_code: string;
  set_name: string;
  local_id: string;
  language: string;
  variant: string;
  name: string;
}

const ref = (column: string) => sql.ref(column);

/**
 * Card fields the entry carries a copy of (migration 0014) read from the entry, so that filtering
 * and sorting on them joins no printing; case-sensitive name filters still read printing.name.
 */
const sqlFields: Record<CollectionFilterField, SqlField> = {
  ...cardSqlFields,
  name: { ...cardSqlFields.name, fold: ref('entry.name_fold') },
  id: { type: 'text', column: ref('entry.printing_id') },
  code: { type: 'text', column: ref('entry.card_id') },
  'set.id': { type: 'text', column: ref('entry.set_id') },
  'set.language': { type: 'text', column: ref('entry.language') },
  condition: { type: 'text', column: ref('entry.condition') },
  quantity: { type: 'number', column: ref('entry.quantity') },
  // Replaced by the list's currency in each request (see list()).
  value: { type: 'number', column: valueExpression('EUR') },
};

/** Conditions sort best to worst, not alphabetically. */
const conditionRank = sql`array_position(array[${sql.join(collectionConditions.map((condition) => sql.lit(condition)))}]::text[], ${ref('entry.condition')})`;

const printingOrder = (keys: SortKey[]): SortKey[] => [...keys, { expression: ref('printing.id') }];

/**
 * Card sorts end on the printing (one printing in two conditions is two entries), entry sorts go
 * straight to the entry id. Sorts on the entry's own columns read one of its (owner, ...) indexes
 * in order and stop after the page: newest first, the default, reads (owner, added_at, id)
 * backwards; by name reads (owner, name_fold, printing_id, id).
 */
const sortKeys: Record<CollectionSortField, SortKey[]> = {
  ...(Object.fromEntries(Object.entries(cardSortKeys).map(([field, keys]) => [field, printingOrder(keys)])) as Record<keyof typeof cardSortKeys, SortKey[]>),
  name: [{ expression: ref('entry.name_fold') }, { expression: ref('entry.printing_id') }],
  id: [{ expression: ref('entry.printing_id') }],
  added: [{ expression: ref('entry.added_at') }],
  quantity: [{ expression: ref('entry.quantity') }],
  condition: [{ expression: conditionRank }],
  value: [{ expression: valueExpression('EUR'), nullsLast: true }],
};

/** Sorts and filters that the entry's own columns answer. */
const entrySorts = new Set<CollectionSortField>(['name', 'id', 'added', 'quantity', 'condition', 'value']);
const entryFields = new Set<CollectionFilterField>(['id', 'code', 'set.id', 'set.language', 'condition', 'quantity', 'value']);
/** Filters on the set row itself; the others are on the entry or its printing. */
const setTableFields = new Set<CollectionFilterField>(['set.code', 'set.name']);

const readsEntryOnly = ({ field, filter }: { field: CollectionFilterField; filter: FilterNode }) =>
  entryFields.has(field) || (field === 'name' && foldedOnly(filter));

export type CollectionListRequest = ListRequest<CollectionFilterField, CollectionSortField>;

/** Thrown when adding would take an entry over the most copies one entry holds. */
export class QuantityOverflow extends Error {}

/** The table's own check on the copy cap (migration 0021) refused a write: PostgreSQL's check_violation. */
const isCapViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23514' && String((error as { constraint?: unknown }).constraint ?? (error as Error).message).includes('quantity');

/** Runs a write; the database refusing a quantity over the cap is a QuantityOverflow like the others. */
async function capped<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isCapViolation(error)) throw new QuantityOverflow();
    throw error;
  }
}

/** A sum read as bigint (the driver answers a string or a BigInt), within safe integers at the caps. */
const count = (value: unknown) => Number(value);

export interface CollectionRepository {
  list(owner: string, request: CollectionListRequest, currency?: Currency): Promise<ListResult<EntryRow & { value: string | null }>>;
  /** The collector's currency: the profile's choice, else the language's (fr: EUR, others: USD). */
  currencyOf(owner: string): Promise<Currency>;
  /** Every entry's value, the sets' values and the most valuable entries, in one currency. */
  value(owner: string, currency: Currency, top: number): Promise<CollectionValueRows>;
  /** The collection's value on each day its prices changed, today's quantities counted. */
  valueHistory(owner: string, currency: Currency, days: number): Promise<Array<{ date: string; value: number }>>;
  findEntry(owner: string, id: string): Promise<EntryRow | undefined>;
  printingExists(printingId: string): Promise<boolean>;
  /** Adds copies in one statement; answers the entry and whether it was new. */
  add(owner: string, entry: NewEntry, maxQuantity: number): Promise<{ id: string; created: boolean }>;
  /** Sets quantity and condition; a condition the printing is already owned in merges the two entries. */
  change(owner: string, id: string, change: { quantity?: number; condition?: CollectionCondition }, maxQuantity: number): Promise<string | undefined>;
  /** Removes the entry; answers it as it was, for an undo. */
  remove(owner: string, id: string): Promise<EntryRow | undefined>;
  totals(owner: string): Promise<{ cards: number; printings: number; entries: number }>;
  completion(owner: string): Promise<SetCompletionRow[]>;
  ownedInSet(owner: string, setId: string): Promise<Array<{ printing_id: string; quantity: number }>>;
  /** Copies owned of each of these printings that is owned, every condition summed. */
  ownedOf(owner: string, printingIds: string[]): Promise<Array<{ printing_id: string; quantity: number }>>;
  exportRows(owner: string): Promise<Array<EntryRow & { tcgplayer_product_id: number | null; cardmarket_id_product: number | null }>>;
  /** Every printing's identity, read again only when the catalogue changed (its change counter moved). */
  printingIdentities(): Promise<PrintingIdentity[]>;
  /** The collector's quantities by `printingId|condition`. */
  ownedQuantities(owner: string): Promise<Array<[string, number]>>;
  /** Adds every entry or none, in one transaction. */
  importAll(owner: string, entries: NewEntry[], maxQuantity: number, batchRows: number, mode?: 'add' | 'replace'): Promise<void>;
}

export interface CollectionValueRows {
  total: number;
  priced: number;
  unpriced: number;
  sets: Array<{ setId: string; setName: string; value: number }>;
  top: Array<EntryRow & { value: string | null }>;
}

/** The entries as a VALUES list, typed, for an INSERT ... SELECT. */
function adding(entries: NewEntry[]) {
  const rows = entries.map(
    (entry) => sql`(${entry.printingId}, ${entry.condition}, cast(${entry.quantity} as integer), cast(${entry.addedAt ?? null} as timestamptz))`,
  );
  return sql<{ printing_id: string; condition: CollectionCondition; quantity: number; added_at: Date | null }>`(values ${sql.join(rows)})`.as<'adding'>(
    sql`adding(printing_id, condition, quantity, added_at)`,
  );
}

/**
 * Adds the entries with their printings' fields copied (the foreign key keeps the copies equal).
 * An unknown printing leaves them null, which the table refuses, as it refused the printing before.
 */
function upsert(db: Database | Transaction<Tables>, owner: string, entries: NewEntry[], maxQuantity: number, mode: 'add' | 'replace' = 'add') {
  const quantity = mode === 'replace' ? sql<number>`excluded.quantity` : sql<number>`collection_entry.quantity + excluded.quantity`;
  return db
    .insertInto('collection_entry')
    .columns(['owner', 'printing_id', 'set_id', 'card_id', 'language', 'name_fold', 'condition', 'quantity', 'added_at', 'price_eur', 'price_usd'])
    .expression(
      db
        .selectFrom(adding(entries))
        .leftJoin('printing', 'printing.id', 'adding.printing_id')
        .select([
          sql<string>`cast(${owner} as text)`.as('owner'),
          'adding.printing_id',
          'printing.set_id',
          'printing.card_id',
          'printing.language',
          'printing.name_fold',
          'adding.condition',
          'adding.quantity',
          sql<Date>`coalesce(adding.added_at, now())`.as('added_at'),
          'printing.price_eur',
          'printing.price_usd',
        ]),
    )
    .onConflict((conflict) =>
      conflict
        .columns(['owner', 'printing_id', 'condition'])
        .doUpdateSet({
          quantity,
          // A card first owned earlier keeps its first date, even when an import says otherwise.
          added_at: sql`least(collection_entry.added_at, excluded.added_at)`,
          updated_at: sql`now()`,
        })
        .where(sql<SqlBool>`${quantity} <= ${maxQuantity}`),
    )
    .returning(['id', sql<boolean>`(xmax = 0)`.as('created')]);
}

export function createCollectionRepository(db: Database): CollectionRepository {
  const entries = () => db.selectFrom('collection_entry as entry');
  const base = () => entries().innerJoin('printing', 'printing.id', 'entry.printing_id').innerJoin('card_set', 'card_set.id', 'printing.set_id');
  const entryColumns = [...cardColumns, 'entry.id as entry_id', 'entry.condition', 'entry.quantity', 'entry.added_at'] as const;
  let identities: { generation: string; rows: Promise<PrintingIdentity[]> } | undefined;

  return {
    async list(owner, request, currency = 'EUR') {
      const value = valueExpression(currency);
      const fields = { ...sqlFields, value: { type: 'number', column: value } satisfies SqlField };
      const keys = { ...sortKeys, value: [{ expression: value, nullsLast: true }] };
      const conditions = request.filters.map(({ field, filter }) => compileFilter(filter, fields[field]));
      const where: RawBuilder<SqlBool> = sql<SqlBool>`${sql.join([sql`entry.owner = ${owner}`, ...conditions], sql` and `)}`;
      const order = orderClause(keys[request.orderBy], ref('entry.id'), request.direction);
      const entriesOnly = request.filters.every(readsEntryOnly);
      const offset = request.page * request.size;
      const needsSet = request.filters.some(({ field }) => setTableFields.has(field));
      const countFrom = entriesOnly ? entries() : needsSet ? base() : entries().innerJoin('printing', 'printing.id', 'entry.printing_id');
      const counted = countFrom.select(sql<number>`count(*)::int`.as('total')).where(where);
      // The total rides on the page's rows: one statement, not two, on every page that has rows.
      const page = base().select(entryColumns).select(value.as('value')).select(counted.as('total'));
      // A page of entries chosen from the entries alone joins only its own rows to their cards,
      // rather than every entry it skips on the way to a deep page.
      const rows = await (entriesOnly && entrySorts.has(request.orderBy)
        ? page.where('entry.id', 'in', entries().select('entry.id').where(where).orderBy(order).limit(request.size).offset(offset)).orderBy(order)
        : page.where(where).orderBy(order).limit(request.size).offset(offset)
      ).execute();
      if (rows.length === 0) return { rows: [], total: (await counted.executeTakeFirstOrThrow()).total };
      return { rows: rows.map(({ total: _total, ...row }) => row) as Array<EntryRow & { value: string | null }>, total: rows[0]!.total! };
    },

    async findEntry(owner, id) {
      const row = await base().select(entryColumns).where('entry.owner', '=', owner).where('entry.id', '=', id).executeTakeFirst();
      return row as EntryRow | undefined;
    },

    async printingExists(printingId) {
      return (await db.selectFrom('printing').select('id').where('id', '=', printingId).executeTakeFirst()) !== undefined;
    },

    async add(owner, entry, maxQuantity) {
      const row = await capped(() => upsert(db, owner, [entry], maxQuantity).executeTakeFirst());
      if (!row) throw new QuantityOverflow();
      return row;
    },

    async change(owner, id, change, maxQuantity) {
      return capped(() => db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('collection_entry')
          .selectAll()
          .where('owner', '=', owner)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!current) return undefined;
        const quantity = change.quantity ?? current.quantity;
        const condition = change.condition ?? current.condition;
        if (condition === current.condition) {
          await trx.updateTable('collection_entry').set({ quantity, updated_at: sql`now()` }).where('id', '=', id).execute();
          return id;
        }
        // Moving copies to a condition already owned adds them to that entry.
        await trx.deleteFrom('collection_entry').where('id', '=', id).execute();
        const moved = await upsert(trx, owner, [{ printingId: current.printing_id, condition, quantity, addedAt: current.added_at }], maxQuantity).executeTakeFirst();
        if (!moved) throw new QuantityOverflow();
        return moved.id;
      }));
    },

    async remove(owner, id) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('collection_entry as entry')
          .innerJoin('printing', 'printing.id', 'entry.printing_id')
          .innerJoin('card_set', 'card_set.id', 'printing.set_id')
          .select(entryColumns)
          .where('entry.owner', '=', owner)
          .where('entry.id', '=', id)
          .executeTakeFirst();
        if (!row) return undefined;
        const result = await trx.deleteFrom('collection_entry').where('owner', '=', owner).where('id', '=', id).executeTakeFirst();
        return result.numDeletedRows > 0n ? (row as EntryRow) : undefined;
      });
    },

    async currencyOf(owner) {
      const profile = await db.selectFrom('account_profile').select(['currency', 'language']).where('subject', '=', owner).executeTakeFirst();
      return profile?.currency ?? (profile?.language === 'fr' ? 'EUR' : 'USD');
    },

    async value(owner, currency, top) {
      const value = valueExpression(currency);
      // One pass over the collector's entries by set; the total is the sets' sum, and the set names
      // are joined to the grouped rows rather than to every entry.
      const bySet = db
        .selectFrom('collection_entry as entry')
        .select(['entry.set_id', sql<string | null>`sum(${value})`.as('value'), sql<number>`count(${value})::int`.as('priced'), sql<number>`count(*)::int`.as('entries')])
        .where('entry.owner', '=', owner)
        .groupBy('entry.set_id')
        .as('by_set');
      const [sets, topRows] = await Promise.all([
        db
          .selectFrom(bySet)
          .innerJoin('card_set', 'card_set.id', 'by_set.set_id')
          .select(['by_set.set_id', 'card_set.name', 'by_set.value', 'by_set.priced', 'by_set.entries'])
          .orderBy('by_set.value', (order) => order.desc().nullsLast())
          .orderBy('by_set.set_id')
          .execute(),
        base()
          .select(entryColumns)
          .select(value.as('value'))
          .where('entry.id', 'in', entries().select('entry.id').where('entry.owner', '=', owner).where(value, 'is not', null).orderBy(value, 'desc').orderBy('entry.id', 'desc').limit(top))
          .orderBy(value, 'desc')
          .orderBy('entry.id', 'desc')
          .execute(),
      ]);
      const priced = sets.reduce((sum, set) => sum + set.priced, 0);
      return {
        total: sets.reduce((sum, set) => sum + Number(set.value ?? 0), 0),
        priced,
        unpriced: sets.reduce((sum, set) => sum + set.entries, 0) - priced,
        sets: sets.filter((set) => set.priced > 0).map((set) => ({ setId: set.set_id, setName: set.name, value: Number(set.value) })),
        top: topRows as Array<EntryRow & { value: string | null }>,
      };
    },

    async valueHistory(owner, currency, days) {
      // The value moves on a day by each owned printing's change of price times the copies owned
      // now (quantities have no history): a running sum of those moves, one pass over the history.
      const result = await sql<{ date: string; value: string }>`
        with owned as (
          select printing_id, sum(quantity) as quantity from collection_entry where owner = ${owner} group by printing_id
        ),
        changes as (
          select h.day, owned.quantity * (h.amount - coalesce(lag(h.amount) over (partition by h.printing_id order by h.day), 0)) as delta
          from printing_price_history h
          join owned on owned.printing_id = h.printing_id
          where h.currency = ${currency}
        ),
        daily as (select day, sum(delta) as delta from changes group by day),
        running as (select day, sum(delta) over (order by day) as value from daily)
        select to_char(day, 'YYYY-MM-DD') as date, value from running
        where day > current_date - cast(${days} as integer)
        order by day`.execute(db);
      return result.rows.filter((row) => row.value !== null).map((row) => ({ date: row.date, value: Number(row.value) }));
    },

    async totals(owner) {
      // Summed as bigint: 50,000 entries of 9,999 copies is past a 32-bit integer.
      const row = await db
        .selectFrom('collection_entry')
        .select([
          sql<string>`coalesce(sum(quantity), 0)::bigint`.as('cards'),
          sql<string>`count(distinct printing_id)::bigint`.as('printings'),
          sql<string>`count(*)::bigint`.as('entries'),
        ])
        .where('owner', '=', owner)
        .executeTakeFirstOrThrow();
      return { cards: count(row.cards), printings: count(row.printings), entries: count(row.entries) };
    },

    async completion(owner) {
      // A card counts once whatever its variants and conditions; the total is what the catalogue holds of the set.
      const result = await sql<SetCompletionRow>`
        with owned as (
          select set_id, count(distinct card_id)::int as owned
          from collection_entry
          where owner = ${owner}
          group by set_id
        )
        select card_set.id, card_set.code, card_set.name, card_set.language,
          card_set.card_count_official as official, owned.owned, card_set.card_count_catalogue as total
        from owned
        join card_set on card_set.id = owned.set_id
        order by card_set.name_fold, card_set.id`.execute(db);
      return result.rows;
    },

    async ownedInSet(owner, setId) {
      return db
        .selectFrom('collection_entry')
        .select(['printing_id', sql<string>`sum(quantity)::bigint`.as('quantity')])
        .where('owner', '=', owner)
        .where('set_id', '=', setId)
        .groupBy('printing_id')
        .orderBy('printing_id')
        .execute()
        .then((rows) => rows.map((row) => ({ printing_id: row.printing_id, quantity: count(row.quantity) })));
    },

    async ownedOf(owner, printingIds) {
      if (printingIds.length === 0) return [];
      return db
        .selectFrom('collection_entry')
        .select(['printing_id', sql<string>`sum(quantity)::bigint`.as('quantity')])
        .where('owner', '=', owner)
        .where('printing_id', 'in', printingIds)
        .groupBy('printing_id')
        .orderBy('printing_id')
        .execute()
        .then((rows) => rows.map((row) => ({ printing_id: row.printing_id, quantity: count(row.quantity) })));
    },

    async exportRows(owner) {
      const rows = await base()
        .select(entryColumns)
        .select(['printing.tcgplayer_product_id', 'printing.cardmarket_id_product'])
        .where('entry.owner', '=', owner)
        .orderBy(orderClause(cardSortKeys['set.name'], ref('entry.id'), 'asc'))
        .execute();
      return rows as Array<EntryRow & { tcgplayer_product_id: number | null; cardmarket_id_product: number | null }>;
    },

    async printingIdentities() {
      // One row read instead of every printing: on PGlite each read runs on the event loop's thread.
      const counter = await db.selectFrom('change_counter').select('generation').where('name', '=', 'catalog').executeTakeFirst();
      const generation = String(counter?.generation ?? '');
      if (identities?.generation !== generation) {
        const rows = db
          .selectFrom('printing')
          .innerJoin('card_set', 'card_set.id', 'printing.set_id')
          .select(['printing.id', 'printing.set_id', 'card_set.code as set_code', 'card_set.name as set_name', 'printing.local_id', 'printing.language', 'printing.variant', 'printing.name'])
          .execute();
        identities = { generation, rows };
        // A failed read is not kept: the next file reads again.
        rows.catch(() => {
          if (identities?.rows === rows) identities = undefined;
        });
      }
      return identities.rows;
    },

    async ownedQuantities(owner) {
      const rows = await db.selectFrom('collection_entry').select(['printing_id', 'condition', 'quantity']).where('owner', '=', owner).execute();
      return rows.map((row): [string, number] => [`${row.printing_id}|${row.condition}`, row.quantity]);
    },

    async importAll(owner, entries, maxQuantity, batchRows, mode = 'add') {
      await capped(() => db.transaction().execute(async (trx) => {
        for (let start = 0; start < entries.length; start += batchRows) {
          const batch = entries.slice(start, start + batchRows);
          const written = await upsert(trx, owner, batch, maxQuantity, mode).execute();
          if (written.length < batch.length) throw new QuantityOverflow();
          // PGlite runs each statement on this thread and answers it without a turn of the event
          // loop: without this, a whole import would hold every other request until it commits.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }));
    },
  };
}
