-- Each entry carries a copy of its printing's own prices, as it carries its card fields (0014), so
-- the collection's value, its value sort and filter read the entries alone: at 10,000 entries among
-- 100,000 printings the sort joined to every printing took 145 ms (p50, PostgreSQL); the price
-- writer (server/catalog/prices/write-prices.ts) keeps the copies equal.
ALTER TABLE collection_entry
  ADD COLUMN price_eur numeric(12, 2),
  ADD COLUMN price_usd numeric(12, 2);

UPDATE collection_entry SET price_eur = printing.price_eur, price_usd = printing.price_usd
FROM printing
WHERE printing.id = collection_entry.printing_id AND (printing.price_eur IS NOT NULL OR printing.price_usd IS NOT NULL);
