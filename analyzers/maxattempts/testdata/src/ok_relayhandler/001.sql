CREATE TABLE backup_codes (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL,
  code_hash text NOT NULL,
  used boolean NOT NULL DEFAULT false,
  used_at timestamptz
);
CREATE INDEX backup_codes_user ON backup_codes (user_id);
