-- How many cards of a set the catalogue holds, counted once per card whatever its variants. Set
-- completion divides by it for every set a collector owns cards of; counting it there read every
-- printing of those sets on each request. The importer writes it in the transaction that writes the
-- set's printings, the only place they change.

ALTER TABLE card_set ADD COLUMN card_count_catalogue integer NOT NULL DEFAULT 0;

UPDATE card_set SET card_count_catalogue = counted.cards
FROM (SELECT set_id, count(DISTINCT card_id)::int AS cards FROM printing GROUP BY set_id) AS counted
WHERE counted.set_id = card_set.id;
