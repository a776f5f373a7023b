CREATE TABLE tasks (
	id bigserial PRIMARY KEY,
	kind text NOT NULL,
	status text NOT NULL DEFAULT 'pending',
	run_at timestamptz NOT NULL DEFAULT now(),
	locked_by text,
	locked_at timestamptz,
	attempts int NOT NULL DEFAULT 0
);
