CREATE TABLE messages (
  id bigserial PRIMARY KEY,
  queue text NOT NULL,
  payload bytea NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  locked_until timestamptz,
  expires_at timestamptz NOT NULL DEFAULT now() + interval '1 day'
);
