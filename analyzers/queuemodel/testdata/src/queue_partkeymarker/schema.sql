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
-- Neither names a row: an index that is not unique, and a unique one
-- over part of the table only.
CREATE INDEX consents_tenant_user_idx ON consents (tenant_id, user_id);
CREATE UNIQUE INDEX consents_first_app_idx ON consents (tenant_id, user_id) WHERE app_id = 0;
