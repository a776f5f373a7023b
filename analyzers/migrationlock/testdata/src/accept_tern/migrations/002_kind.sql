SET LOCAL lock_timeout = '5s';
ALTER TABLE jobs ADD COLUMN kind text;

---- create above / drop below ----

ALTER TABLE jobs DROP COLUMN kind;
