-- A list of one illustrator's cards (illustrator=eq(...)) counted its total by reading every
-- printing: 20 ms at 100,000 printings on PostgreSQL. The count now reads this index alone.

CREATE INDEX printing_illustrator_idx ON printing (illustrator);
