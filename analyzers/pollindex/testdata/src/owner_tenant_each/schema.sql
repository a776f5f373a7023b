CREATE TABLE tasks ( -- want `no index serves the poll on tasks \(WHERE tenant_id = \$1 AND status = 'queued' ORDER BY id\)`
  id bigserial PRIMARY KEY,
  tenant_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  payload jsonb NOT NULL
);
CREATE UNIQUE INDEX tasks_tenant_id ON tasks (tenant_id, id);
