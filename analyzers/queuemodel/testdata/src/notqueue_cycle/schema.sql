CREATE TABLE workflow_versions (
  id bigserial PRIMARY KEY,
  workflow_id bigint NOT NULL,
  version int NOT NULL DEFAULT 1,
  is_current boolean NOT NULL DEFAULT true,
  spec jsonb NOT NULL
);
CREATE TABLE webhooks (
  id bigserial PRIMARY KEY,
  url text NOT NULL,
  is_active boolean NOT NULL DEFAULT true
);
CREATE TABLE step_runs (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'pending'
);
CREATE TABLE strategies (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  last_active_at timestamptz NOT NULL DEFAULT now()
);
