CREATE TABLE jobs (
	id text PRIMARY KEY,
	payload text NOT NULL,
	status text NOT NULL DEFAULT 'pending',
	attempts int NOT NULL DEFAULT 0,
	error text,
	started_at timestamptz,
	finished_at timestamptz
);
