-- MySQL's migration, beside PostgreSQL's (kratos names them so): not read.
ALTER TABLE jobs ADD COLUMN priority INT NOT NULL DEFAULT 0 AFTER status;
