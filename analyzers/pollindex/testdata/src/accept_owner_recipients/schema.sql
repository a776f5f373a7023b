CREATE TABLE bulk_email_recipients (
  campaign_id bigint NOT NULL,
  address text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  sent_at timestamptz,
  PRIMARY KEY (campaign_id, address)
);
