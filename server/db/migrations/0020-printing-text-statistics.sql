-- How many printings a text search matches is estimated from ANALYZE's sample. With the default
-- statistics target (100: a sample of 30,000 rows), name_fold LIKE '%pika%' was estimated at 9 rows
-- after some analyses and at 922 after others, at 100,000 printings where 170 match. At 922 the
-- planner walked the name index for a page of 24 and read 100 times as many rows: that page took
-- 20 ms instead of 1.6 in two bench runs of five. A target of 1,000 samples 300,000 rows, the whole
-- table at that size: twelve analyses in a row all estimated 111 and all chose the trigram index.
-- The illustrator's text is searched the same way.

ALTER TABLE printing ALTER COLUMN name_fold SET STATISTICS 1000;
ALTER TABLE printing ALTER COLUMN illustrator_fold SET STATISTICS 1000;
