CREATE TABLE tasks (
	id bigserial PRIMARY KEY,
	payload bytea NOT NULL,
	locked boolean NOT NULL DEFAULT false,
	locked_at timestamptz
);
