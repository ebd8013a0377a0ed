-- A collector's cards: one row per owner, printing and condition. The owner is the identity
-- provider's subject, as for account_profile. The unique key is what adding a card upserts on, so
-- two tabs adding the same card at once both count. A printing someone owns cannot be deleted by a
-- catalogue import (restrict): losing a collector's cards silently would be worse than a failed import.
create table collection_entry (
  id uuid primary key default gen_random_uuid(),
  owner text not null,
  printing_id text not null references printing (id) on delete restrict,
  condition text not null
    check (condition in ('near_mint', 'lightly_played', 'moderately_played', 'heavily_played', 'damaged')),
  quantity integer not null check (quantity >= 1),
  added_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint collection_entry_owner_printing_condition unique (owner, printing_id, condition)
);

-- Every read is one owner's; the default order, newest first, reads this index backwards.
create index collection_entry_owner_added_idx on collection_entry (owner, added_at, id);
create index collection_entry_printing_idx on collection_entry (printing_id);
