-- +goose Up
-- goose runs the Up section in one transaction.
SET LOCAL lock_timeout = '5s';
-- +goose StatementBegin
ALTER TABLE jobs ADD COLUMN kind text;
-- +goose StatementEnd

-- +goose Down
ALTER TABLE jobs DROP COLUMN kind;
