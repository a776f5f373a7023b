CREATE TABLE jobs (
	id bigserial PRIMARY KEY,
	command text NOT NULL,
	status text NOT NULL DEFAULT 'pending',
	output text
);
CREATE TABLE orders (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'pending');
