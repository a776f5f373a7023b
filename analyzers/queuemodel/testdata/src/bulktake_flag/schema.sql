CREATE TABLE schedules (
	id bigserial PRIMARY KEY,
	command text NOT NULL,
	next_run timestamptz NOT NULL,
	running boolean NOT NULL DEFAULT false
);
