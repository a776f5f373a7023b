CREATE TYPE mail_states AS ENUM ('PENDING', 'SENT');

CREATE TABLE mails (
	mail_key uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	message_id text,
	recipient text NOT NULL,
	body text NOT NULL,
	mail_state mail_states NOT NULL DEFAULT 'PENDING',
	created_at timestamptz NOT NULL DEFAULT now(),
	sent_at timestamptz
);

CREATE UNIQUE INDEX mails_message_id ON mails (message_id);

CREATE TABLE mail_parts (
	tenant text NOT NULL,
	seq bigint NOT NULL,
	body text NOT NULL,
	part_state text NOT NULL DEFAULT 'queued',
	PRIMARY KEY (tenant, seq)
);
