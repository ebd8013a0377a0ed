-- How many printings of each set bear each name. The Cards screen filters by name, set name, set
-- code and language; a count of such a list read every printing whose name matched from the
-- table: name=ci(contains(chu)) found 8,166 of 100,000 printings on 2,765 of its 3,944 pages, 4.7
-- ms on PostgreSQL. These rows are one per card name in a set (53,678 there, on 349 pages), so the
-- same count sums far fewer, narrower rows. The importer rewrites a set's rows in the transaction
-- that writes its printings, the only place they change.

CREATE TABLE printing_name_count (
  set_id text NOT NULL REFERENCES card_set (id) ON DELETE CASCADE,
  name_fold text COLLATE "C" NOT NULL,
  printings integer NOT NULL,
  PRIMARY KEY (set_id, name_fold)
);

CREATE INDEX printing_name_count_trgm_idx ON printing_name_count USING gin (name_fold public.gin_trgm_ops);

INSERT INTO printing_name_count (set_id, name_fold, printings)
SELECT set_id, name_fold, count(*)::int FROM printing GROUP BY set_id, name_fold;
