CREATE TABLE audit_entries (
  id bigserial PRIMARY KEY,
  actor text NOT NULL,
  action text NOT NULL,
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz,
  deleted_at timestamptz
);
