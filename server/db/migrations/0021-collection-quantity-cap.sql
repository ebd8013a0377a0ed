-- The copy cap of server-settings.ts (collection.maxQuantity, 9,999 copies of a printing in one
-- condition) held in the database too, so that no path that writes a quantity can pass it: an
-- import that summed its rows into a new entry once wrote 499,950,000 copies, and five such
-- entries overflowed the integer the totals were read in. An entry already over the cap can only
-- have come from that mistake; it keeps the most copies an entry holds.
UPDATE collection_entry SET quantity = 9999, updated_at = now() WHERE quantity > 9999;

ALTER TABLE collection_entry
  DROP CONSTRAINT collection_entry_quantity_check,
  ADD CONSTRAINT collection_entry_quantity_cap CHECK (quantity BETWEEN 1 AND 9999);
