package ormsql

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"gorm.io/gorm/schema"

	"github.com/jobqlint/jobqlint/analyzers/internal/gormconfig"
)

// goNames returns the type names and the struct field names declared in
// the standard library's sources.
func goNames(t *testing.T) (typeNames, fieldNames map[string]bool) {
	t.Helper()
	typeNames, fieldNames = map[string]bool{}, map[string]bool{}
	root := filepath.Join(runtime.GOROOT(), "src")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.Contains(path, "testdata") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil // the tree has files that do not parse on purpose
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.TypeSpec:
				typeNames[n.Name.Name] = true
			case *ast.Field:
				for _, id := range n.Names {
					fieldNames[id.Name] = true
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return typeNames, fieldNames
}

// GORM names tables and columns with its default naming strategy:
// gormTable and gormSnake give the same names, or refuse, for every type
// and field name of the standard library and the names queue models use.
func TestGormNamingIsTheLibrarys(t *testing.T) {
	ns := schema.NamingStrategy{}
	typeNames, fieldNames := goNames(t)
	queueTypes := []string{"Job", "QueueItem", "Task", "OutboxMessage", "OutboxEvent", "Category", "Batch", "DeliveryAttempt", "Webhook", "JobRun", "HTTPJob", "APIRequest", "EmailJob", "URLCheck"}
	queueFields := []string{"ID", "JobID", "UserID", "TaskID", "Status", "State", "Attempts", "MaxAttempts", "RunAt", "LockedAt", "LockedBy", "CreatedAt", "UpdatedAt", "DeletedAt", "Payload", "LastError", "HTTPStatus", "URL", "APIKey", "JSONData", "IPAddr", "TraceUUID", "Priority", "V2Job", "Attempt2",
		// Runs of capitals that are no initialism GORM knows, and lower case
		// right after one.
		"PRNumber", "PRCommentUrl", "VCS", "VCSType", "CommitSHA", "SHA256", "IDs", "JobIDs", "GitHubAppID", "ETag", "OAuthToken", "S3Key", "HTTPSPort", "APIs"}
	for _, n := range queueTypes {
		typeNames[n] = true
	}
	for _, n := range queueFields {
		fieldNames[n] = true
	}
	tables := 0
	for n := range typeNames {
		got, ok := gormTable(n)
		if !ok {
			continue
		}
		tables++
		if want := ns.TableName(n); got != want {
			t.Errorf("gormTable(%q) = %q, GORM's is %q", n, got, want)
		}
	}
	columns := 0
	for n := range fieldNames {
		got, ok := gormSnake(n)
		if !ok {
			continue
		}
		columns++
		if want := ns.ColumnName("", n); got != want {
			t.Errorf("gormSnake(%q) = %q, GORM's is %q", n, got, want)
		}
	}
	for _, n := range queueTypes {
		if _, ok := gormTable(n); !ok {
			t.Errorf("gormTable(%q) refused", n)
		}
	}
	for _, n := range queueFields {
		if _, ok := gormSnake(n); !ok {
			t.Errorf("gormSnake(%q) refused", n)
		}
	}
	if tables < len(typeNames)/3 || columns < len(fieldNames)*2/3 {
		t.Errorf("formed %d of %d table names and %d of %d column names: most are refused", tables, len(typeNames), columns, len(fieldNames))
	}
	t.Logf("%d of %d table names, %d of %d column names formed", tables, len(typeNames), columns, len(fieldNames))
}

// A naming strategy the module opens GORM with (a table prefix, singular
// tables) gives the names GORM's own strategy gives.
func TestGormNamingStrategyIsTheLibrarys(t *testing.T) {
	names := []string{"Job", "QueueItem", "OutboxMessage", "DeliveryAttempt", "HTTPJob", "Category", "Batch"}
	for _, n := range []gormconfig.Naming{{}, {Prefix: "app_"}, {Singular: true}, {Prefix: "queue.", Singular: true}} {
		ns := schema.NamingStrategy{TablePrefix: n.Prefix, SingularTable: n.Singular}
		for _, name := range names {
			got, ok := namedTable(n, name)
			if !ok {
				t.Errorf("namedTable(%+v, %q) is not read", n, name)
				continue
			}
			if want := ns.TableName(name); got != want {
				t.Errorf("namedTable(%+v, %q) = %q, GORM's is %q", n, name, got, want)
			}
		}
	}
}
