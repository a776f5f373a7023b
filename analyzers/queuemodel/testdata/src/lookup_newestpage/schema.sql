CREATE TABLE scratch_tables (
    id bigserial PRIMARY KEY,
    public_id uuid NOT NULL UNIQUE,
    tenant_id bigint NOT NULL,
    dataset_id bigint,
    name text NOT NULL,
    status text NOT NULL DEFAULT 'active',
    dropped_at timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scratch_tables_dataset_idx ON scratch_tables (tenant_id, dataset_id);
