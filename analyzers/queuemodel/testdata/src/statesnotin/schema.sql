CREATE TABLE jobs (id bigserial PRIMARY KEY, payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
  locked_until timestamptz);
