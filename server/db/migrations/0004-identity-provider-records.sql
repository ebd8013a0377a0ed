-- The embedded identity provider's sessions, codes, tokens and grants, so they survive a restart
-- and servers sharing one database agree.
create table identity_provider_record (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  uid text,
  user_code text,
  expires_at timestamptz,
  primary key (model, id)
);
create index identity_provider_record_grant on identity_provider_record (grant_id);
create index identity_provider_record_uid on identity_provider_record (uid);
create index identity_provider_record_expiry on identity_provider_record (expires_at);
