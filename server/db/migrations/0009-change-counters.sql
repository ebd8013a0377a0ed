-- Several servers may share one PostgreSQL. Each holds the fingerprint index in memory and one of them
-- indexes new printings, so each must learn when another process changed the catalogue or the
-- fingerprints. Every write statement on those tables bumps a counter here; a server reads the
-- counters every few seconds (one row each) and acts when one moved.

CREATE TABLE change_counter (
  name text PRIMARY KEY,
  generation bigint NOT NULL DEFAULT 0
);

INSERT INTO change_counter (name) VALUES ('catalog'), ('fingerprints');

CREATE FUNCTION bump_change_counter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE change_counter SET generation = generation + 1 WHERE name = TG_ARGV[0];
  RETURN NULL;
END
$$;

CREATE TRIGGER printing_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON printing
  FOR EACH STATEMENT EXECUTE FUNCTION bump_change_counter('catalog');
CREATE TRIGGER card_set_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON card_set
  FOR EACH STATEMENT EXECUTE FUNCTION bump_change_counter('catalog');
CREATE TRIGGER printing_fingerprint_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON printing_fingerprint
  FOR EACH STATEMENT EXECUTE FUNCTION bump_change_counter('fingerprints');
