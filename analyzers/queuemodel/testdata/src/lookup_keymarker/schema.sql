CREATE TABLE consents (
    id bigserial PRIMARY KEY,
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    app_id bigint NOT NULL,
    granted_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz,
    UNIQUE (tenant_id, user_id, app_id)
);
CREATE INDEX consents_user_idx ON consents (user_id, revoked_at);
