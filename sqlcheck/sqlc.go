package sqlcheck

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// An sqlcConfig is what jobqlint reads of a sqlc configuration file
// (sqlc.yaml, sqlc.yml or sqlc.json, versions 1 and 2): the files sqlc
// reads the schema from and those it reads the queries from.
type sqlcConfig struct {
	path    string
	schema  []sqlcPath // the schema sqlc generates code against: a snapshot, or migrations
	queries []sqlcPath // query files: statements, no schema
	other   []sqlcPath // schema and queries of another engine than PostgreSQL
}

// An sqlcPath is a file or directory a configuration names, made absolute.
type sqlcPath struct {
	path   string
	engine string
}

func isSqlcConfig(name string) bool {
	return name == "sqlc.yaml" || name == "sqlc.yml" || name == "sqlc.json"
}

// readSqlcConfig reads a sqlc configuration. A file that is not one sqlc
// accepts gives a problem at the place it goes wrong, and no paths: the
// module's .sql files are then replayed as if it were not there. An empty
// file is no configuration and no problem.
func readSqlcConfig(path string, content []byte) (*sqlcConfig, []Problem) {
	lines := lineStarts(content)
	problem := func(line, col int, format string, args ...any) []Problem {
		loc := Loc{File: path, Line: line, Col: col}
		if line >= 1 && line <= len(lines) {
			loc.Offset = lines[line-1] + col - 1
		} else {
			loc.Line, loc.Col = 1, 1
		}
		return []Problem{{Loc: loc, Msg: fmt.Sprintf(format, args...), Config: true}}
	}
	var doc yaml.Node
	// YAML reads JSON too, with the same positions.
	if err := yaml.Unmarshal(content, &doc); err != nil {
		msg, line := strings.TrimPrefix(err.Error(), "yaml: "), 1
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = msg[len(m[0]):]
		}
		return nil, problem(line, 1, "%s", msg)
	}
	if len(doc.Content) == 0 {
		// Empty, or only comments: it names nothing, as a leftover
		// beside the configuration in use.
		return nil, nil
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return nil, problem(top.Line, top.Column, "a sqlc configuration is a mapping, not %s", kindName(top))
	}
	version := mapValue(top, "version")
	if version == nil {
		return nil, problem(top.Line, top.Column, "no version: sqlc configurations say version \"1\" or \"2\"")
	}
	var list string
	switch version.Value {
	case "1":
		list = "packages"
	case "2":
		list = "sql"
	default:
		return nil, problem(version.Line, version.Column, "version %q: jobqlint reads sqlc configurations of version \"1\" and \"2\"", version.Value)
	}
	cfg := &sqlcConfig{path: path}
	entries := mapValue(top, list)
	if entries == nil {
		return cfg, nil
	}
	if entries.Kind != yaml.SequenceNode {
		return nil, problem(entries.Line, entries.Column, "%s: want a list, not %s", list, kindName(entries))
	}
	dir := filepath.Dir(path)
	for _, e := range entries.Content {
		if e.Kind != yaml.MappingNode {
			return nil, problem(e.Line, e.Column, "%s: want a mapping for each entry, not %s", list, kindName(e))
		}
		engine := "postgresql"
		if n := mapValue(e, "engine"); n != nil && n.Kind == yaml.ScalarNode {
			engine = n.Value
		}
		for _, key := range []string{"schema", "queries"} {
			n := mapValue(e, key)
			if n == nil {
				continue
			}
			values, probs := stringList(n, key, problem)
			if probs != nil {
				return nil, probs
			}
			for _, v := range values {
				p := sqlcPath{path: filepath.Join(dir, filepath.FromSlash(v)), engine: engine}
				switch {
				case engine != "postgresql":
					cfg.other = append(cfg.other, p)
				case key == "schema":
					cfg.schema = append(cfg.schema, p)
				default:
					cfg.queries = append(cfg.queries, p)
				}
			}
		}
	}
	return cfg, nil
}

var yamlLine = regexp.MustCompile(`^line (\d+): `)

// stringList reads a string or a list of strings, as sqlc takes schema and
// queries.
func stringList(n *yaml.Node, key string, problem func(int, int, string, ...any) []Problem) ([]string, []Problem) {
	switch n.Kind {
	case yaml.ScalarNode:
		return []string{n.Value}, nil
	case yaml.SequenceNode:
		var out []string
		for _, c := range n.Content {
			if c.Kind != yaml.ScalarNode {
				return nil, problem(c.Line, c.Column, "%s: want a path, not %s", key, kindName(c))
			}
			out = append(out, c.Value)
		}
		return out, nil
	}
	return nil, problem(n.Line, n.Column, "%s: want a path or a list of paths, not %s", key, kindName(n))
}

func mapValue(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		return strconv.Quote(n.Value)
	}
	return "an alias"
}
