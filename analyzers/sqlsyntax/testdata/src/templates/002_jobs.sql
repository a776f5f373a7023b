-- A text/template migration, with names and actions.
CREATE TABLE IF NOT EXISTS {{ .Schema }}.{{ .Prefix }}jobs (id bigserial PRIMARY KEY);
{{- range .Queues }}
INSERT INTO {{ $.Schema }}.queues (name) VALUES ('{{ . }}');
{{- end }}
ALTER TABLE jobs OWNER TO {{.Owner}};
