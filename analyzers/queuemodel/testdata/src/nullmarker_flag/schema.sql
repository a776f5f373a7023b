CREATE TABLE api_keys (
  id bigserial PRIMARY KEY,
  owner_id bigint NOT NULL,
  revoked boolean NOT NULL DEFAULT false,
  expires_at timestamptz NOT NULL,
  next_reminder_at timestamptz
);
