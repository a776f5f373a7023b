CREATE TABLE verification_tokens (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL,
  token text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now()
);
