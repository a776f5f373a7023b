-- +goose Up
SET LOCAL lock_timeout = 3000;
ALTER TABLE jobs ADD COLUMN queue text;
