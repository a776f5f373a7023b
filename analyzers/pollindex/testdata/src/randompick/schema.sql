CREATE TABLE jobs (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued', payload jsonb); -- want `no index serves the poll on jobs \(WHERE status = 'queued'\)`
