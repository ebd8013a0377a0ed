-- `npm run catalog:import -- <api> --all` takes hours over every set and language. Its start is kept
-- here until it finishes, so a run that was interrupted resumes: sets imported since then are skipped.

CREATE TABLE catalog_import_run (
  source text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  finished_at timestamptz
);
