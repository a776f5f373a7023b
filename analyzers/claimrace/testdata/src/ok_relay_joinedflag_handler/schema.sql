CREATE TABLE chat_messages (id bigserial PRIMARY KEY, channel_id bigint NOT NULL, content text NOT NULL);
CREATE TABLE saved_messages (user_id bigint NOT NULL, message_id bigint NOT NULL REFERENCES chat_messages, created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (user_id, message_id));
-- a later migration adds the reminder: the flag is no column of the CREATE TABLE
ALTER TABLE saved_messages ADD COLUMN remind_at timestamptz;
ALTER TABLE saved_messages ADD COLUMN reminded boolean NOT NULL DEFAULT false;
CREATE INDEX saved_messages_due ON saved_messages (remind_at) WHERE NOT reminded;
