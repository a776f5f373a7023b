CREATE TABLE email_queue (
  id text PRIMARY KEY,
  source_id text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  next_retry_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
