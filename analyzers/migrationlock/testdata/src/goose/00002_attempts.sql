-- +goose Up
-- +goose StatementBegin
ALTER TABLE jobs ADD COLUMN attempts int NOT NULL DEFAULT 0; -- want `ALTER TABLE locks queue table jobs`
-- +goose StatementEnd

-- +goose Down
ALTER TABLE jobs DROP COLUMN attempts;
