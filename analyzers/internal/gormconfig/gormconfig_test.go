package gormconfig

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// module writes a module's files under a new directory and returns it.
func module(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.26\n"
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

const open = `package db

import (
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	%s
)

func Open(dsn string) (*gorm.DB, error) {
	return gorm.Open(postgres.Open(dsn), &gorm.Config{%s})
}
`

func openWith(imp, config string) string {
	return strings.Replace(strings.Replace(open, "%s", imp, 1), "%s", config, 1)
}

func TestNaming(t *testing.T) {
	for _, c := range []struct {
		name    string
		files   map[string]string
		want    Naming
		unknown string // a part of Unknown; "" when the naming is known
	}{
		{"no strategy: GORM's default", map[string]string{"db/db.go": openWith("", "")}, Naming{}, ""},
		{"prefix and singular tables", map[string]string{"db/db.go": openWith(`"gorm.io/gorm/schema"`,
			`NamingStrategy: schema.NamingStrategy{TablePrefix: "app_", SingularTable: true}`)},
			Naming{Prefix: "app_", Singular: true}, ""},
		{"a pointer, an import renamed", map[string]string{"db/db.go": openWith(`gs "gorm.io/gorm/schema"`,
			`NamingStrategy: &gs.NamingStrategy{SingularTable: true, IdentifierMaxLength: 63}`)},
			Naming{Singular: true}, ""},
		{"another package's NamingStrategy is not GORM's", map[string]string{"db/db.go": openWith(`schema "example.com/m/naming"`,
			`NamingStrategy: schema.NamingStrategy{TablePrefix: "x_"}`)},
			Naming{}, "as a value the tool does not read"},
		{"a namer of the module's own type", map[string]string{"db/db.go": openWith("", `NamingStrategy: namer{}`)},
			Naming{}, "as a value the tool does not read"},
		{"a prefix from configuration", map[string]string{"db/db.go": openWith(`"gorm.io/gorm/schema"`,
			`NamingStrategy: schema.NamingStrategy{TablePrefix: prefix}`)},
			Naming{}, "not a string literal"},
		{"SingularTable from a variable", map[string]string{"db/db.go": openWith(`"gorm.io/gorm/schema"`,
			`NamingStrategy: schema.NamingStrategy{SingularTable: singular}`)},
			Naming{}, "not a constant"},
		{"a name replacer", map[string]string{"db/db.go": openWith(`"gorm.io/gorm/schema"`,
			`NamingStrategy: schema.NamingStrategy{NameReplacer: strings.NewReplacer("CID", "Cid")}`)},
			Naming{}, "sets NameReplacer"},
		{"fields without names", map[string]string{"db/db.go": openWith(`"gorm.io/gorm/schema"`,
			`NamingStrategy: schema.NamingStrategy{"app_", true, nil, false, 0}`)},
			Naming{}, "without field names"},
		{"set after Open", map[string]string{"db/db.go": openWith("", ""), "db/set.go": `package db

import "gorm.io/gorm"

func Singular(db *gorm.DB, n interface{}) { db.Config.NamingStrategy = n }
`}, Naming{}, "is set at"},
		{"two strategies that differ", map[string]string{
			"db/db.go":       openWith(`"gorm.io/gorm/schema"`, `NamingStrategy: schema.NamingStrategy{TablePrefix: "app_"}`),
			"admin/admin.go": strings.Replace(openWith(`"gorm.io/gorm/schema"`, `NamingStrategy: schema.NamingStrategy{TablePrefix: "adm_"}`), "package db", "package admin", 1),
		}, Naming{}, "twice"},
		{"two that agree", map[string]string{
			"db/db.go":       openWith(`"gorm.io/gorm/schema"`, `NamingStrategy: schema.NamingStrategy{SingularTable: true}`),
			"admin/admin.go": strings.Replace(openWith(`"gorm.io/gorm/schema"`, `NamingStrategy: schema.NamingStrategy{SingularTable: true}`), "package db", "package admin", 1),
		}, Naming{Singular: true}, ""},
		{"a test's strategy is not the program's", map[string]string{
			"db/db.go":      openWith("", ""),
			"db/db_test.go": strings.Replace(openWith(`"gorm.io/gorm/schema"`, `NamingStrategy: schema.NamingStrategy{TablePrefix: "test_"}`), "package db", "package db_test", 1),
		}, Naming{}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := read(module(t, c.files))
			if c.unknown != "" {
				if !strings.Contains(got.Unknown, c.unknown) {
					t.Errorf("Unknown = %q, want it to say %q", got.Unknown, c.unknown)
				}
				return
			}
			got.At = ""
			if got != c.want {
				t.Errorf("naming = %+v, want %+v", got, c.want)
			}
		})
	}
}
