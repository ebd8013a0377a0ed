-- Preferences of a signed-in user, keyed by the identity provider's subject (Keycloak or embedded).
create table account_profile (
  subject text primary key,
  first_name text not null default '',
  last_name text not null default '',
  language text not null default 'en',
  timezone text not null default '',
  darkmode boolean not null default false,
  updated_at timestamptz not null default now()
);

-- The embedded identity provider's users; unused when an external provider is configured.
create table identity_user (
  id text primary key,
  email text not null unique,
  first_name text not null default '',
  last_name text not null default '',
  password_hash text,
  roles jsonb not null default '[]',
  created_at timestamptz not null default now()
);

create table identity_signing_key (
  id integer primary key,
  private_jwk jsonb not null,
  created_at timestamptz not null default now()
);

create table identity_password_ticket (
  token_hash text primary key,
  user_id text not null references identity_user (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Messages the embedded provider would have emailed, shown on its outbox page.
create table identity_outbox (
  id serial primary key,
  recipient text not null,
  subject text not null,
  link text not null,
  created_at timestamptz not null default now()
);
