CREATE TABLE app_messages_orders (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'pending', created_at timestamptz NOT NULL DEFAULT now());
