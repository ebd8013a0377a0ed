-- One fingerprint per printing, computed from its image by `npm run catalog:index`.
-- image_address is the stored image address it was computed from and algorithm the fingerprint
-- version: the indexer skips a printing when both are unchanged. hashes holds the packed perceptual
-- hashes the in-memory search reads at start; thumbnail and strip are small grey images read only
-- for the few best candidates of a query.

CREATE TABLE printing_fingerprint (
  printing_id text PRIMARY KEY REFERENCES printing (id) ON DELETE CASCADE,
  algorithm integer NOT NULL,
  image_address text NOT NULL,
  hashes bytea NOT NULL,
  thumbnail bytea NOT NULL,
  strip bytea NOT NULL,
  indexed_at timestamptz NOT NULL DEFAULT now()
);
