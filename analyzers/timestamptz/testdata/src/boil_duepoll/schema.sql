CREATE TABLE outgoing_emails (
	id bigserial PRIMARY KEY,
	recipient text NOT NULL,
	status text NOT NULL DEFAULT 'pending',
	send_after timestamp NOT NULL DEFAULT now(), -- want `outgoing_emails.send_after is timestamp without time zone`
	created_at timestamp NOT NULL DEFAULT now()
);
CREATE INDEX outgoing_emails_due ON outgoing_emails (send_after) WHERE status = 'pending';
