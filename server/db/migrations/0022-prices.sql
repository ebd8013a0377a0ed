-- Prices from TCGdex's `pricing` object. Each printing keeps the marketplaces' product ids, its
-- current prices per source and finish as the source wrote them (with their `updated` time), and
-- its own price per currency (the source's figure for the printing's finish, see
-- server/catalog/prices/price-of-finish.ts) on the printing itself, so collection values and the
-- value sort read one row per entry and no JSON.
ALTER TABLE printing
  ADD COLUMN tcgplayer_product_id integer,
  ADD COLUMN cardmarket_id_product integer,
  ADD COLUMN price_eur numeric(12, 2),
  ADD COLUMN price_eur_updated timestamptz,
  ADD COLUMN price_usd numeric(12, 2),
  ADD COLUMN price_usd_updated timestamptz;

-- One row per printing, source ('cardmarket' | 'tcgplayer') and finish (Cardmarket: 'normal' or
-- 'holo', its `-holo` fields; TCGplayer: its block's name such as 'reverse-holofoil').
CREATE TABLE printing_price (
  printing_id text NOT NULL REFERENCES printing (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('cardmarket', 'tcgplayer')),
  finish text NOT NULL,
  figures jsonb NOT NULL,
  updated timestamptz,
  PRIMARY KEY (printing_id, source, finish)
);

-- The printing's own price by day: a row only on a day its price changed, for the charts.
CREATE TABLE printing_price_history (
  printing_id text NOT NULL REFERENCES printing (id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency IN ('EUR', 'USD')),
  day date NOT NULL,
  amount numeric(12, 2) NOT NULL,
  PRIMARY KEY (printing_id, currency, day)
);

-- The collector's currency: 'EUR', 'USD', or null to follow the language (fr: EUR, en: USD).
ALTER TABLE account_profile ADD COLUMN currency text CHECK (currency IN ('EUR', 'USD'));
