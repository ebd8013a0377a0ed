-- How many printings each set holds. A card list filtered on its set alone (set.id, set.code,
-- set.name, set.language), or not filtered at all, counts its total from the sets: a few hundred
-- rows instead of every matching printing (100,000 unfiltered, 7 ms on PostgreSQL; 50,000 for a
-- language, 20 ms). The importer writes it in the transaction that writes the set's printings, the
-- only place they change, as it writes card_count_catalogue.

ALTER TABLE card_set ADD COLUMN printing_count integer NOT NULL DEFAULT 0;

UPDATE card_set SET printing_count = counted.printings
FROM (SELECT set_id, count(*)::int AS printings FROM printing GROUP BY set_id) AS counted
WHERE counted.set_id = card_set.id;

-- A printing's language is its set's, so set.language can be read from the set: the key makes it so.
ALTER TABLE card_set ADD CONSTRAINT card_set_id_language UNIQUE (id, language);

ALTER TABLE printing
  DROP CONSTRAINT printing_set_id_fkey,
  ADD CONSTRAINT printing_set_language_fkey FOREIGN KEY (set_id, language) REFERENCES card_set (id, language) ON DELETE CASCADE;
