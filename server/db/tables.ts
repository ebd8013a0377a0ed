import type { ColumnType, Generated, JSONColumnType } from 'kysely';

// One interface per table; later features add theirs here next to their numbered migration.

export interface SchemaMigrationTable {
  version: number;
  name: string;
  applied_at: ColumnType<Date, never, never>;
}

export interface CardSetTable {
  id: string;
  tcgdex_id: string;
  language: string;
  code: string;
  name: string;
  name_fold: string;
  serie_id: string | null;
  serie_name: string | null;
  release_date: string | null;
  card_count_official: number | null;
  card_count_total: number | null;
  /** Distinct cards of the set in the catalogue, written by the importer. */
  card_count_catalogue: Generated<number>;
  /** Printings of the set in the catalogue, written by the importer. */
  printing_count: Generated<number>;
  logo: string | null;
  symbol: string | null;
  imported_at: Generated<Date>;
  written_by: Generated<string>;
}

export interface StoredAttack {
  name: string;
  damage: string | null;
  text: string | null;
  cost: string[];
}

export interface PrintingTable {
  id: string;
  set_id: string;
  card_id: string;
  local_id: string;
  local_number: number | null;
  language: string;
  variant: string;
  name: string;
  name_fold: string;
  category: string | null;
  hp: number | null;
  types: JSONColumnType<string[], string, string>;
  stage: string | null;
  rarity: string | null;
  illustrator: string | null;
  illustrator_fold: string | null;
  attacks: JSONColumnType<StoredAttack[], string, string>;
  regulation_mark: string | null;
  image: string | null;
  imported_at: Generated<Date>;
  written_by: Generated<string>;
  tcgplayer_product_id: Generated<number | null>;
  cardmarket_id_product: Generated<number | null>;
  /** numeric: the drivers read it as a string. */
  price_eur: Generated<string | null>;
  price_eur_updated: Generated<Date | null>;
  price_usd: Generated<string | null>;
  price_usd_updated: Generated<Date | null>;
}

/** A source's current prices for one finish of a printing, as the source wrote them. */
export interface PrintingPriceTable {
  printing_id: string;
  source: 'cardmarket' | 'tcgplayer';
  finish: string;
  figures: JSONColumnType<Record<string, number | null>, string, string>;
  updated: Date | null;
}

/** The printing's own price on each day it changed. */
export interface PrintingPriceHistoryTable {
  printing_id: string;
  currency: 'EUR' | 'USD';
  day: string;
  amount: string;
}

export interface PrintingFingerprintTable {
  printing_id: string;
  algorithm: number;
  image_address: string;
  hashes: Uint8Array;
  thumbnail: Uint8Array;
  strip: Uint8Array;
  text: Generated<Uint8Array>;
  indexed_at: Generated<Date>;
  /** The transaction that last wrote the row (xid8, as text): migration 0016. */
  written_by: Generated<string>;
}

export interface PrintingFingerprintRemovalTable {
  /** Null after a TRUNCATE: every fingerprint went. */
  printing_id: string | null;
  removed_by: Generated<string>;
}

export interface AccountProfileTable {
  subject: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  language: Generated<string>;
  timezone: Generated<string>;
  darkmode: Generated<boolean>;
  currency: Generated<'EUR' | 'USD' | null>;
  updated_at: Generated<Date>;
}

export interface IdentityUserTable {
  id: string;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  password_hash: string | null;
  roles: JSONColumnType<string[], string, string>;
  created_at: Generated<Date>;
}

export interface IdentitySigningKeyTable {
  id: number;
  private_jwk: JSONColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
}

export interface IdentityPasswordTicketTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
}

export interface IdentityOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  created_at: Generated<Date>;
}

export interface IdentityProviderRecordTable {
  model: string;
  id: string;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: Date | null;
}

/** Bumped by triggers on every write to the catalogue or the fingerprints (migration 0009). */
export interface ChangeCounterTable {
  name: 'catalog' | 'fingerprints';
  generation: string;
}

/** Throttling counters shared by every server on the database (migration 0010). */
export interface RateLimitHitTable {
  key: string;
  hits: number;
  expires_at: Date;
}

/** The last whole-catalogue import from each source, kept to resume it (migration 0011). */
export interface CatalogImportRunTable {
  source: string;
  started_at: Date;
  finished_at: Date | null;
}

export type CollectionCondition = 'near_mint' | 'lightly_played' | 'moderately_played' | 'heavily_played' | 'damaged';

export interface CollectionEntryTable {
  id: Generated<string>;
  owner: string;
  printing_id: string;
  /** Copies of the printing's fields, kept equal by the foreign key (migration 0014). */
  set_id: string;
  card_id: string;
  language: string;
  name_fold: string;
  condition: CollectionCondition;
  quantity: number;
  added_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: Generated<Date>;
  /** Copies of the printing's own prices (migration 0023), kept equal by the price writer. */
  price_eur: Generated<string | null>;
  price_usd: Generated<string | null>;
}

/** Printings of a set that bear one name, written by the importer; card lists filtered by name count from it. */
export interface PrintingNameCountTable {
  set_id: string;
  name_fold: string;
  printings: number;
}

export interface Tables {
  schema_migration: SchemaMigrationTable;
  card_set: CardSetTable;
  printing: PrintingTable;
  printing_name_count: PrintingNameCountTable;
  printing_price: PrintingPriceTable;
  printing_price_history: PrintingPriceHistoryTable;
  printing_fingerprint: PrintingFingerprintTable;
  printing_fingerprint_removal: PrintingFingerprintRemovalTable;
  account_profile: AccountProfileTable;
  identity_user: IdentityUserTable;
  identity_signing_key: IdentitySigningKeyTable;
  identity_password_ticket: IdentityPasswordTicketTable;
  identity_outbox: IdentityOutboxTable;
  identity_provider_record: IdentityProviderRecordTable;
  change_counter: ChangeCounterTable;
  rate_limit_hit: RateLimitHitTable;
  catalog_import_run: CatalogImportRunTable;
  collection_entry: CollectionEntryTable;
}
