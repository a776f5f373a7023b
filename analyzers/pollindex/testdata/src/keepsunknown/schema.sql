-- Sent notifications are deleted, or kept in the state SetStatus's callers give.
CREATE TABLE notify ( -- want `no index serves the poll on notify \(WHERE status = 0 AND scheduled_at <= now\(\) ORDER BY scheduled_at\)\nevery poll walks the finished jobs`
	id uuid PRIMARY KEY,
	status int NOT NULL DEFAULT 0,
	scheduled_at timestamptz NOT NULL,
	payload jsonb NOT NULL
);
