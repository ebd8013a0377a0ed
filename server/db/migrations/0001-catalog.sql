-- Sets exist once per language; printings are a card in one language and one variant.
-- The *_fold columns hold lower-cased, accent-free text computed by the importer: case-insensitive
-- filters and name sorts use them, so PGlite (C locale) and PostgreSQL (any locale) agree.
-- COLLATE "C" makes sort order identical on both and keeps the indexes usable for ORDER BY.

CREATE TABLE card_set (
  id text PRIMARY KEY,
  tcgdex_id text NOT NULL,
  language text NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  name_fold text COLLATE "C" NOT NULL,
  serie_id text,
  serie_name text,
  release_date text,
  card_count_official integer,
  card_count_total integer,
  logo text,
  symbol text,
  imported_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT card_set_tcgdex_language UNIQUE (tcgdex_id, language)
);

CREATE INDEX card_set_name_idx ON card_set (name_fold, id);
CREATE INDEX card_set_code_idx ON card_set (lower(code), id);
CREATE INDEX card_set_language_idx ON card_set (language);

CREATE TABLE printing (
  id text PRIMARY KEY,
  set_id text NOT NULL REFERENCES card_set (id) ON DELETE CASCADE,
  card_id text NOT NULL,
  local_id text NOT NULL,
  local_number integer,
  language text NOT NULL,
  variant text NOT NULL,
  name text NOT NULL,
  name_fold text COLLATE "C" NOT NULL,
  category text,
  hp integer,
  types jsonb NOT NULL DEFAULT '[]',
  stage text,
  rarity text,
  illustrator text,
  illustrator_fold text COLLATE "C",
  attacks jsonb NOT NULL DEFAULT '[]',
  regulation_mark text,
  image text,
  imported_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT printing_card_language_variant UNIQUE (card_id, language, variant)
);

CREATE INDEX printing_set_idx ON printing (set_id, local_number, local_id, id);
CREATE INDEX printing_name_idx ON printing (name_fold, id);
CREATE INDEX printing_local_idx ON printing (local_number, local_id, id);
-- hp sorts put cards without hp last in both directions, which one index cannot serve both ways.
CREATE INDEX printing_hp_idx ON printing (hp, id);
CREATE INDEX printing_hp_desc_idx ON printing (hp DESC NULLS LAST, id DESC);
CREATE INDEX printing_language_idx ON printing (language);
