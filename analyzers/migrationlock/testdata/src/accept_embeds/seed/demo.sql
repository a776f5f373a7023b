INSERT INTO jobs (status) VALUES ('queued');
