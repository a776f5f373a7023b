-- +migrate Up notransaction
SET LOCAL lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN kind text; -- want `ALTER TABLE locks queue table jobs`

-- +migrate Down
ALTER TABLE jobs DROP COLUMN kind;
