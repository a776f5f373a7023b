CREATE TABLE work_items (id bigserial PRIMARY KEY, state text NOT NULL DEFAULT 'queued', tries int NOT NULL DEFAULT 0,
  max_tries int NOT NULL DEFAULT 5, run_at timestamptz NOT NULL DEFAULT now(), heartbeat_at timestamptz, error text);
