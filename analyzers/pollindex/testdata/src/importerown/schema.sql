CREATE TABLE mails (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued'); -- want `no index serves the poll on mails`
