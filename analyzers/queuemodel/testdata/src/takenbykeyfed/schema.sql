CREATE TABLE jobs (
	id bigserial PRIMARY KEY,
	payload text NOT NULL,
	status text NOT NULL DEFAULT 'pending',
	error text
);
