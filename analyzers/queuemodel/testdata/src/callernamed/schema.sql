CREATE TABLE jobs (
  id bigint PRIMARY KEY,
  status text NOT NULL,
  stage text NOT NULL DEFAULT 'draft' CHECK (stage IN ('draft', 'sent')),
  phase text,
  note text,
  label text,
  updated_at timestamptz
);

CREATE TABLE runs (
  id bigint PRIMARY KEY,
  outcome text,
  status text
);
