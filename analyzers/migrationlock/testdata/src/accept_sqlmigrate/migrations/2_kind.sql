-- +migrate Up
SET LOCAL lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN kind text;

-- +migrate Down notransaction
ALTER TABLE jobs DROP COLUMN kind;
