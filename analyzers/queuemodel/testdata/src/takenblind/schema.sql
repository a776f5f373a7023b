CREATE TABLE jobs (
	id bigserial PRIMARY KEY,
	command text NOT NULL,
	status text NOT NULL DEFAULT 'pending',
	output text
);
