CREATE TABLE tasks (id bigserial PRIMARY KEY, state text NOT NULL DEFAULT 'ready', attempts int NOT NULL DEFAULT 0,
  not_before timestamptz NOT NULL DEFAULT now(), lease_until timestamptz, failure text);
