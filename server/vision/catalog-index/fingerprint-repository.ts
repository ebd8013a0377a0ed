import { sql } from 'kysely';
import type { Database } from '../../db/open-database.ts';
import { serverSettings } from '../../server-settings.ts';
import { fingerprintVersion, type CardFingerprint } from '../describe/card-fingerprint.ts';
import type { FineDetailsSource } from '../search/fine-details.ts';
import type { FingerprintIndex } from '../search/fingerprint-index.ts';
import { refreshIndex, type LoadedIndex } from './refresh-index.ts';

export interface PrintingImage {
  printingId: string;
  /** The stored image base address. */
  image: string;
}

export interface FingerprintRepository extends FineDetailsSource {
  /** Every printing with a current fingerprint, packed for the search. */
  loadIndex(): Promise<FingerprintIndex>;
  /** The index as it is now, read whole or, given a previous read, from what changed since (repositories over a database only). */
  refreshIndex?(previous: LoadedIndex | undefined): Promise<LoadedIndex>;
  /** Printings with an image whose fingerprint is missing, of an older version or from another image. */
  printingsToIndex(options: { force: boolean }): Promise<{ todo: PrintingImage[]; upToDate: number }>;
  /** Printings with an image, and those of them with a current fingerprint. */
  indexCounts(): Promise<{ total: number; upToDate: number }>;
  save(rows: Array<PrintingImage & { fingerprint: CardFingerprint }>): Promise<void>;
}

const toBytes = (words: Uint32Array) => new Uint8Array(words.buffer.slice(words.byteOffset, words.byteOffset + words.byteLength));

const wholeReadAbove = serverSettings.indexReload.wholeReadAbove.value;

export function createFingerprintRepository(db: Database): FingerprintRepository {
  return {
    loadIndex: async () => (await refreshIndex(db, undefined, wholeReadAbove)).index,

    refreshIndex: (previous) => refreshIndex(db, previous, wholeReadAbove),

    async fineDetails(printingIds) {
      if (printingIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('printing_fingerprint')
        .where('printing_id', 'in', printingIds)
        .select(['printing_id', 'thumbnail', 'strip', 'text'])
        .execute();
      return new Map(rows.map((row) => [row.printing_id, { thumbnail: row.thumbnail, strip: row.strip, text: row.text }]));
    },

    async printingsToIndex({ force }) {
      const rows = await db
        .selectFrom('printing as p')
        .leftJoin('printing_fingerprint as f', 'f.printing_id', 'p.id')
        .where('p.image', 'is not', null)
        .select(['p.id', 'p.image', 'f.algorithm', 'f.image_address'])
        .orderBy('p.id')
        .execute();
      const todo: PrintingImage[] = [];
      let upToDate = 0;
      for (const row of rows) {
        if (!force && row.algorithm === fingerprintVersion && row.image_address === row.image) upToDate += 1;
        else todo.push({ printingId: row.id, image: row.image! });
      }
      return { todo, upToDate };
    },

    async indexCounts() {
      return db
        .selectFrom('printing as p')
        .leftJoin('printing_fingerprint as f', 'f.printing_id', 'p.id')
        .where('p.image', 'is not', null)
        .select([
          sql<number>`count(*)::int`.as('total'),
          sql<number>`(count(*) filter (where f.algorithm = ${fingerprintVersion} and f.image_address = p.image))::int`.as('upToDate'),
        ])
        .executeTakeFirstOrThrow();
    },

    async save(rows) {
      if (rows.length === 0) return;
      await db
        .insertInto('printing_fingerprint')
        .values(
          rows.map((row) => ({
            printing_id: row.printingId,
            algorithm: fingerprintVersion,
            image_address: row.image,
            hashes: toBytes(row.fingerprint.hashes),
            thumbnail: row.fingerprint.thumbnail,
            strip: row.fingerprint.strip,
            text: row.fingerprint.text,
          })),
        )
        .onConflict((conflict) =>
          conflict.column('printing_id').doUpdateSet((eb) => ({
            algorithm: eb.ref('excluded.algorithm'),
            image_address: eb.ref('excluded.image_address'),
            hashes: eb.ref('excluded.hashes'),
            thumbnail: eb.ref('excluded.thumbnail'),
            strip: eb.ref('excluded.strip'),
            text: eb.ref('excluded.text'),
            indexed_at: new Date(),
          })),
        )
        .execute();
    },
  };
}
