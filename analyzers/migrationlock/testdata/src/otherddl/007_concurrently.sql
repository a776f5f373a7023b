-- +goose Up
-- +goose NO TRANSACTION
REINDEX INDEX CONCURRENTLY jobs_runnable;
