-- A server holding the fingerprint index reads again only what changed since its last read. Each
-- row the index shows is stamped with the transaction that last wrote it, and removed fingerprints
-- leave a row behind. A read remembers its snapshot; the next one asks for rows whose writing
-- transaction that snapshot did not see. Transaction ids, unlike a sequence, cannot be taken in one
-- order and committed in another unseen: a transaction running at the snapshot stays invisible
-- to it until it is read.

ALTER TABLE printing_fingerprint ADD COLUMN written_by xid8 NOT NULL DEFAULT '0';
ALTER TABLE printing ADD COLUMN written_by xid8 NOT NULL DEFAULT '0';
ALTER TABLE card_set ADD COLUMN written_by xid8 NOT NULL DEFAULT '0';

CREATE FUNCTION stamp_writing_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.written_by := pg_current_xact_id();
  RETURN NEW;
END
$$;

CREATE TRIGGER printing_fingerprint_stamped BEFORE INSERT OR UPDATE ON printing_fingerprint
  FOR EACH ROW EXECUTE FUNCTION stamp_writing_transaction();
-- A printing is written before its fingerprint, and an import rewrites rows it did not change: only
-- a change to what the index shows of a printing or its set counts.
CREATE TRIGGER printing_stamped BEFORE UPDATE ON printing
  FOR EACH ROW WHEN ((OLD.set_id, OLD.card_id, OLD.name, OLD.local_id, OLD.variant, OLD.language, OLD.image)
    IS DISTINCT FROM (NEW.set_id, NEW.card_id, NEW.name, NEW.local_id, NEW.variant, NEW.language, NEW.image))
  EXECUTE FUNCTION stamp_writing_transaction();
CREATE TRIGGER card_set_stamped BEFORE UPDATE ON card_set
  FOR EACH ROW WHEN ((OLD.name, OLD.code) IS DISTINCT FROM (NEW.name, NEW.code))
  EXECUTE FUNCTION stamp_writing_transaction();

CREATE INDEX printing_fingerprint_written_idx ON printing_fingerprint (written_by);
CREATE INDEX printing_written_idx ON printing (written_by);
CREATE INDEX card_set_written_idx ON card_set (written_by);

-- printing_id is null after a TRUNCATE: every fingerprint went.
CREATE TABLE printing_fingerprint_removal (
  printing_id text,
  removed_by xid8 NOT NULL DEFAULT pg_current_xact_id()
);

CREATE INDEX printing_fingerprint_removal_idx ON printing_fingerprint_removal (removed_by);

CREATE FUNCTION record_fingerprint_removals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO printing_fingerprint_removal (printing_id) VALUES (NULL);
  ELSE
    INSERT INTO printing_fingerprint_removal (printing_id) SELECT printing_id FROM removed;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER printing_fingerprint_removed AFTER DELETE ON printing_fingerprint
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION record_fingerprint_removals();
CREATE TRIGGER printing_fingerprint_truncated AFTER TRUNCATE ON printing_fingerprint
  FOR EACH STATEMENT EXECUTE FUNCTION record_fingerprint_removals();
