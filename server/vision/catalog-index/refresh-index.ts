import { sql, type Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { fingerprintVersion, hashWords, thumbnailSize } from '../describe/card-fingerprint.ts';
import { extendIndex, type AddedPrinting } from '../search/extend-index.ts';
import { FingerprintIndex, type IndexedPrinting } from '../search/fingerprint-index.ts';
import { compareIds } from '../search/printing-order.ts';

/** An index and the database snapshot it was read in (a pg_snapshot as text). */
export interface LoadedIndex {
  index: FingerprintIndex;
  snapshot: string;
  /** Read whole, or built from the previous index and what changed since. */
  read: 'whole' | 'changes';
}

interface IndexRow {
  id: string;
  card_id: string;
  name: string;
  local_id: string;
  variant: string;
  language: string;
  image: string | null;
  set_name: string;
  set_code: string;
  set_total: number | null;
  hashes: Uint8Array;
  thumbnail: Uint8Array;
}

type Reader = Kysely<Tables>;

/** Current fingerprints with what the index shows of their printings, all of them or those of `ids`, in `compareIds` order. */
function readRows(db: Reader, ids?: string[]): Promise<IndexRow[]> {
  let query = db
    .selectFrom('printing_fingerprint as f')
    .innerJoin('printing as p', 'p.id', 'f.printing_id')
    .innerJoin('card_set as s', 's.id', 'p.set_id')
    .where('f.algorithm', '=', fingerprintVersion)
    .select(['p.id', 'p.card_id', 'p.name', 'p.local_id', 'p.variant', 'p.language', 'p.image', 's.name as set_name', 's.code as set_code', 's.card_count_official as set_total', 'f.hashes', 'f.thumbnail'])
    .orderBy(sql`p.id collate "C"`);
  if (ids) query = query.where(sql<boolean>`p.id = any(${ids}::text[])`);
  return query.execute();
}

const isWhole = (row: IndexRow) => row.hashes.length === hashWords * 4 && row.thumbnail.length === thumbnailSize.width * thumbnailSize.height;

const shownOf = (row: IndexRow): IndexedPrinting => ({
  printingId: row.id,
  cardId: row.card_id,
  cardName: row.name,
  setName: row.set_name,
  setCode: row.set_code,
  number: row.local_id,
  setTotal: row.set_total,
  variant: row.variant,
  language: row.language,
  image: row.image,
});

function pack(rows: IndexRow[]): FingerprintIndex {
  const whole = rows.filter(isWhole);
  const hashes = new Uint32Array(whole.length * hashWords);
  const bytes = new Uint8Array(hashes.buffer);
  whole.forEach((row, position) => bytes.set(row.hashes, position * hashWords * 4));
  return new FingerprintIndex(whole.map(shownOf), hashes, whole.map((row) => row.thumbnail));
}

type ChangeKind = 'fingerprint' | 'printing' | 'removal';

/** Printings whose fingerprint, description or set was written, or whose fingerprint was removed, by transactions `snapshot` did not see. */
async function changesSince(db: Reader, snapshot: string): Promise<Array<{ id: string | null; kind: ChangeKind }>> {
  const unseen = (column: string) =>
    sql`${sql.ref(column)} >= pg_snapshot_xmin(${snapshot}::pg_snapshot) and not pg_visible_in_snapshot(${sql.ref(column)}, ${snapshot}::pg_snapshot)`;
  const { rows } = await sql<{ id: string | null; kind: ChangeKind }>`
    select printing_id as id, 'fingerprint' as kind from printing_fingerprint where ${unseen('written_by')}
    union all
    select id, 'printing' from printing where ${unseen('written_by')}
    union all
    select p.id, 'printing' from card_set s join printing p on p.set_id = s.id where ${unseen('s.written_by')}
    union all
    select printing_id, 'removal' from printing_fingerprint_removal where ${unseen('removed_by')}`.execute(db);
  return rows;
}

/**
 * The fingerprint index as the database holds it now. With a previous read, only what changed
 * since is read and applied to it; the whole index is read when a printing it holds lost or
 * changed its fingerprint (its thumbnail left the typical card, and that thumbnail is gone), or
 * when more than `wholeReadAbove` of its size changed.
 */
export function refreshIndex(db: Reader, previous: LoadedIndex | undefined, wholeReadAbove: number): Promise<LoadedIndex> {
  // One snapshot for every statement: what the changes are measured from is exactly what was read.
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { rows } = await sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`.execute(trx);
      const snapshot = rows[0]!.snapshot;
      const whole = async (): Promise<LoadedIndex> => ({ index: pack(await readRows(trx)), snapshot, read: 'whole' });
      if (!previous) return whole();

      const held = new Set(previous.index.printings.map((printing) => printing.printingId));
      const wanted = new Set<string>();
      for (const { id, kind } of await changesSince(trx, previous.snapshot)) {
        if (id === null || (kind !== 'printing' && held.has(id))) return whole();
        if (kind === 'fingerprint' || (kind === 'printing' && held.has(id))) wanted.add(id);
      }
      if (wanted.size > wholeReadAbove * Math.max(1, held.size)) return whole();
      if (wanted.size === 0) return { index: previous.index, snapshot, read: 'changes' };

      const added: AddedPrinting[] = [];
      const shown = new Map<string, IndexedPrinting>();
      for (const row of await readRows(trx, [...wanted])) {
        if (held.has(row.id)) shown.set(row.id, shownOf(row));
        else if (isWhole(row)) added.push({ printing: shownOf(row), hashes: row.hashes, thumbnail: row.thumbnail });
      }
      added.sort((a, b) => compareIds(a.printing.printingId, b.printing.printingId));
      return { index: extendIndex(previous.index, { added, shown }), snapshot, read: 'changes' };
    });
}
