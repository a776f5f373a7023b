-- A DELETE-based queue ordered by created_at, which no index gives.
CREATE TABLE work_items (id uuid PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now(), body text); -- want `no index serves the poll on work_items \(ORDER BY created_at\).* CREATE INDEX CONCURRENTLY work_items_poll_idx ON work_items \(created_at\)`
