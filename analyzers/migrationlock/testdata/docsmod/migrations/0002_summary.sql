ALTER TABLE documents ADD COLUMN summary text;
