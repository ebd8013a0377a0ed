-- Filters such as name=ci(contains(pika)) are LIKE '%pika%' on the folded text, which a b-tree cannot
-- serve: at 100,000 printings every such query read the whole table. Trigram indexes serve any
-- pattern of three characters or more. The extension lives in public so that every schema (one per
-- test, one per deployment) finds its operator class; it is trusted, so the database owner may
-- create it. Sets are a few thousand rows at most: reading them all is cheaper than an index.

CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

CREATE INDEX printing_name_trgm_idx ON printing USING gin (name_fold public.gin_trgm_ops);
CREATE INDEX printing_illustrator_trgm_idx ON printing USING gin (illustrator_fold public.gin_trgm_ops);
