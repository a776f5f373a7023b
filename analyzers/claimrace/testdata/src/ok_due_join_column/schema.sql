CREATE TABLE customers (id bigint PRIMARY KEY, email text NOT NULL);
CREATE TABLE invoices (id bigint PRIMARY KEY, customer_id bigint NOT NULL REFERENCES customers (id), due_at timestamptz NOT NULL);
