-- Attempts counted for throttling (sign-in, registration), in the database so that several servers
-- behind one address count together. One row per limit and client; a row past its window is reset
-- by the next attempt and deleted by the periodic sweep.

CREATE TABLE rate_limit_hit (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE INDEX rate_limit_hit_expires_idx ON rate_limit_hit (expires_at);
