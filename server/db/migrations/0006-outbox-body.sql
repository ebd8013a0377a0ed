-- The embedded provider's outbox keeps each mail's whole text, not only its link.

ALTER TABLE identity_outbox RENAME COLUMN link TO body;
