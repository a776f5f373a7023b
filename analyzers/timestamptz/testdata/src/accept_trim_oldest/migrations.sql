CREATE TABLE audit_log (
  id serial PRIMARY KEY,
  line text NOT NULL,
  created_at TIMESTAMP NOT NULL
);
