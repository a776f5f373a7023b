CREATE TABLE posts (id bigserial PRIMARY KEY, title text NOT NULL, created_at timestamptz NOT NULL, deleted_at timestamptz);
