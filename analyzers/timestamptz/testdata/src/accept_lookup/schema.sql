CREATE TABLE sessions (id uuid PRIMARY KEY, user_id bigint, expires_at timestamp NOT NULL);
