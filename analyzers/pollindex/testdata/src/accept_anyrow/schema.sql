CREATE TABLE events (key serial PRIMARY KEY, value text NOT NULL);
