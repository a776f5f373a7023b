CREATE TABLE deliveries (id bigserial PRIMARY KEY, url text NOT NULL,
	status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered')),
	attempts int NOT NULL DEFAULT 0, created_at timestamptz NOT NULL DEFAULT now());
