CREATE TABLE feeds (id bigserial PRIMARY KEY, url text NOT NULL, status text NOT NULL DEFAULT 'idle', fetched_at timestamptz); -- want `no index serves the poll on feeds \(WHERE status = 'idle'\)`
