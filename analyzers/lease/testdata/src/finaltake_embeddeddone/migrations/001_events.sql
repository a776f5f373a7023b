CREATE TABLE events (id bigserial PRIMARY KEY, account bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), processed_at timestamptz);
