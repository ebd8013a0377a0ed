-- Cards of one language by hp, strongest first (set.language=eq(en)&hp=gte(100)&order_by=hp):
-- the page walked the hp index past the other language's cards, and the count read every printing
-- of the language from the table, 11 ms at 100,000 printings on PostgreSQL. This index gives the
-- page in order and the count from the index alone. It serves what the language index did.

CREATE INDEX printing_language_hp_idx ON printing (language, hp DESC NULLS LAST, id DESC);
DROP INDEX printing_language_idx;
