-- A DELETE-based queue ordered by created_at, which no index gives.
CREATE TABLE work_items (id uuid PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now(), body text); -- want `no index gives the poll on work_items \(ORDER BY created_at\) its order\nthe table keeps only waiting jobs, but every poll reads and sorts all of them.* CREATE INDEX CONCURRENTLY work_items_poll_idx ON work_items \(created_at\)`
-- An index that holds created_at after another column does not give that order.
CREATE INDEX work_items_body_created ON work_items (body, created_at);
