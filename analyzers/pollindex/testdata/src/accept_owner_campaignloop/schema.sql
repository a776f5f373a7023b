CREATE TABLE campaigns (
  id bigserial PRIMARY KEY,
  status text NOT NULL DEFAULT 'draft'
);
CREATE TABLE campaign_recipients (
  campaign_id bigint NOT NULL REFERENCES campaigns (id),
  address text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  sent_at timestamptz,
  PRIMARY KEY (campaign_id, address)
);
