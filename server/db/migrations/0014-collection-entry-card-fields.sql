-- A collector's list sorts by the card's name and filters by its name, language and set; set
-- completion counts cards per set. Read from printing, each of those joined every entry of the
-- collector to its printing, 10,000 of them at the bench's size: 15 to 40 ms a request on
-- PostgreSQL whatever the page. Each entry now carries those fields of its printing as well. The
-- foreign key covers all of them and cascades updates, so they can never differ from the
-- printing's: an import that renames a card renames its entries in the same statement.

ALTER TABLE printing ADD CONSTRAINT printing_entry_fields UNIQUE (id, set_id, card_id, language, name_fold);

ALTER TABLE collection_entry
  ADD COLUMN set_id text,
  ADD COLUMN card_id text,
  ADD COLUMN language text,
  ADD COLUMN name_fold text COLLATE "C";

UPDATE collection_entry SET set_id = printing.set_id, card_id = printing.card_id, language = printing.language, name_fold = printing.name_fold
FROM printing
WHERE printing.id = collection_entry.printing_id;

ALTER TABLE collection_entry
  ALTER COLUMN set_id SET NOT NULL,
  ALTER COLUMN card_id SET NOT NULL,
  ALTER COLUMN language SET NOT NULL,
  ALTER COLUMN name_fold SET NOT NULL,
  DROP CONSTRAINT collection_entry_printing_id_fkey,
  ADD CONSTRAINT collection_entry_printing_fkey FOREIGN KEY (printing_id, set_id, card_id, language, name_fold)
    REFERENCES printing (id, set_id, card_id, language, name_fold) ON UPDATE CASCADE ON DELETE RESTRICT;

-- Sorting by name reads this index and stops after the page; name filters are checked on it.
CREATE INDEX collection_entry_owner_name_idx ON collection_entry (owner, name_fold, printing_id, id);
-- Completion counts the distinct cards of each set from this index alone.
CREATE INDEX collection_entry_owner_set_idx ON collection_entry (owner, set_id, card_id);
