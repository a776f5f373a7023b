CREATE TABLE accounts (
	id bigserial PRIMARY KEY,
	tenant_id bigint,
	email text NOT NULL,
	failed_logins int NOT NULL DEFAULT 0,
	created_at timestamptz NOT NULL DEFAULT now(),
	locked boolean NOT NULL DEFAULT false
);
