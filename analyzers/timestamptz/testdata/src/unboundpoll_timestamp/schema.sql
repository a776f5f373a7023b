CREATE TABLE tasks (
	id bigserial PRIMARY KEY,
	kind text NOT NULL,
	status text NOT NULL DEFAULT 'pending',
	run_at timestamp NOT NULL DEFAULT now(), -- want `tasks.run_at is timestamp without time zone`
	locked_by text,
	locked_at timestamptz,
	attempts int NOT NULL DEFAULT 0
);
