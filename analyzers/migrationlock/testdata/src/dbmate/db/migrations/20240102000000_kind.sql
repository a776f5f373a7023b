-- migrate:up
ALTER TABLE jobs ADD COLUMN kind text; -- want `ALTER TABLE locks queue table jobs`

-- migrate:down
ALTER TABLE jobs DROP COLUMN kind;
