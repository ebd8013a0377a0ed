-- The card's text box, a small grey image like the strip, read for the few best candidates: it
-- tells apart a card's printings in other languages. Fingerprints of older versions are rebuilt by
-- `npm run catalog:index`; until then they have no text.

ALTER TABLE printing_fingerprint ADD COLUMN text bytea NOT NULL DEFAULT '\x';
