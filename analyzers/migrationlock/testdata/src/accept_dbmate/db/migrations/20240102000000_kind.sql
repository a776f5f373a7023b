-- migrate:up transaction:false
-- dbmate sends the section as one string even without its transaction:
-- PostgreSQL runs it as one implicit transaction, where SET LOCAL holds.
SET LOCAL lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN kind text;

-- migrate:down
ALTER TABLE jobs DROP COLUMN kind;
