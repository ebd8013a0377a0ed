-- Set completion counts the distinct cards of each set a collector owns cards of; with this index
-- it reads (set_id, card_id) pairs from the index alone instead of every printing row of those sets.

CREATE INDEX printing_set_card_idx ON printing (set_id, card_id);
