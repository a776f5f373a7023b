CREATE TABLE refresh_tokens (
    id bigserial PRIMARY KEY,
    tenant_id bigint NOT NULL,
    token text NOT NULL,
    revoked boolean NOT NULL DEFAULT false,
    updated_at timestamptz
);
CREATE INDEX refresh_tokens_token_idx ON refresh_tokens (token);
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'refresh_tokens_tenant_token') THEN
    ALTER TABLE refresh_tokens ADD CONSTRAINT refresh_tokens_tenant_token UNIQUE (tenant_id, token);
  END IF;
END $$;

CREATE TABLE sessions (
    id bigserial PRIMARY KEY,
    session_key text NOT NULL UNIQUE,
    refreshes int NOT NULL DEFAULT 0,
    refreshed_at timestamptz
);
