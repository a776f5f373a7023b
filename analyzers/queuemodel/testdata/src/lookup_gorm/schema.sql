CREATE TABLE reset_tokens (
    id bigserial PRIMARY KEY,
    token text NOT NULL,
    consumed boolean NOT NULL DEFAULT false,
    created timestamptz NOT NULL
);
CREATE UNIQUE INDEX reset_tokens_token ON reset_tokens (token);
