package sqlcheck

import (
	"bytes"
	"cmp"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// A SourceUse says what discovery did with a group of schema files: a
// directory's files of one kind, replayed or set aside, and why.
type SourceUse struct {
	Path  string // the directory, or the file when it is alone of its kind there
	Kind  string // "goose migrations", "sqlc schema", "sqlc queries", "SQL files", "Go DDL"...
	Files int
	Used  bool
	Why   string // why the files were set aside; "" when used
	// Outside: the files lie outside the module, in its repository (see
	// repositoryMigrations).
	Outside bool
	// PathRepository is, for files outside the module found in a
	// repository that no .git or go.work marks, the repository's
	// directory, which the module path names (see pathRepository).
	PathRepository string
	// Fits: the files outside the module were read because their schema
	// fits the module's SQL, not because they are a migration directory
	// (see fittingSchema).
	Fits bool
}

// Sources chooses the module's schema sources among its files. A module
// may hold two schemas: its migrations, which the database runs, and the
// snapshot that sqlc generates code against, which may lag behind them.
// The migrations are the final schema: the snapshot sqlc's configuration
// names (schema:) is replayed only when the module has no migrations of a
// tool jobqlint recognises, never both. sqlc's query files hold statements,
// not schema, and are not replayed; neither are files sqlc reads for an
// engine other than PostgreSQL, nor files under a directory named for
// another database (mysql/, sqlite/, or sqlitekv/ beside postgreskv/: see
// engineTwins). Other .sql files and Go DDL are
// replayed as found. Files named by -schema (ReadPaths) are all replayed, in the
// order given. The uses say what was chosen; the problems are the files that
// could not be read and the sqlc configurations that could not.
func (m *ModuleFiles) Sources() ([]*Source, []SourceUse, []Problem) {
	probs := append([]Problem(nil), m.Problems...)
	if m.Given {
		var (
			srcs   []*Source
			chosen []choice
		)
		for _, f := range m.Files {
			s := f.sources()
			srcs = append(srcs, s...)
			if len(s) > 0 {
				chosen = append(chosen, choice{file: f, kind: "named by -schema"})
			}
		}
		return srcs, groupUses(chosen), probs
	}
	var configs []*sqlcConfig
	for _, f := range m.Files {
		if isSqlcConfig(filepath.Base(f.Path)) {
			cfg, p := readSqlcConfig(f.Path, f.Content)
			probs = append(probs, p...)
			if cfg != nil {
				configs = append(configs, cfg)
			}
		}
	}
	tools := migrationDirs(m.Files)
	perEngine := namedPerEngine(m.Files)
	twins := postgresTwins(m.Files)
	dirTwins := findEngineTwins(m.Files)
	engineDir := func(dir string) string { return cmp.Or(otherEngine(m.Root, dir), dirTwins.engine(m.Root, dir)) }
	plans := sqitchProjects(m.Files)
	gone := unapplied(m.Root, tools, m.Runners)

	var (
		chosen     []choice
		migrations string // a directory of migrations, for the snapshot's reason
		migTool    string
	)
	for _, f := range m.Files {
		name := filepath.Base(f.Path)
		if isSqlcConfig(name) || isToolFile(name) {
			continue
		}
		c := choice{file: f}
		dir := filepath.Dir(f.Path)
		switch {
		case strings.HasSuffix(name, ".go"):
			c.kind = "Go DDL"
		case tools[dir] != "" && engineDir(dir) == "":
			c.kind = tools[dir] + " migrations"
			if why := gone[dir]; why != "" {
				c.why = why
				break
			}
			if migrations == "" {
				migrations, migTool = dir, tools[dir]
			}
		default:
			c.kind = "SQL files"
			for _, cfg := range configs {
				switch {
				case named(cfg.schema, f.Path) != nil:
					c.kind, c.cfg = "sqlc schema", cfg.path
				case named(cfg.queries, f.Path) != nil:
					c.kind, c.cfg = "sqlc queries", cfg.path
					c.why = "statements for sqlc to generate code from, not schema"
				case named(cfg.other, f.Path) != nil:
					p := named(cfg.other, f.Path)
					c.kind, c.cfg = "sqlc "+p.engine+" files", cfg.path
					c.why = "sqlc reads them for " + p.engine + ", not PostgreSQL"
				default:
					continue
				}
				break
			}
			if c.kind == "SQL files" && isDataScript(m.Root, f) {
				c.kind, c.why = "data script", "seed or demo data (named so; data statements and no DDL), not a migration"
			}
		}
		if script := sqitchScript(plans, dir); script != "" {
			c.kind, c.why = "sqitch "+script+" scripts", "sqitch runs them to "+sqitchScripts[script]+" a change, not to deploy it"
		}
		if c.kind != "Go DDL" && c.why == "" && namedQueryFile(f.Content) {
			// Also beside migrations, in a directory a tool's files name.
			c.kind, c.why = "named queries", "queries that Go code runs by the names of their -- name: lines (goyesql, dotsql), not schema"
		}
		if e := engineDir(dir); e != "" && (c.kind == "SQL files" || c.kind == "Go DDL" && len(f.sources()) > 0) {
			c.why = "under a directory named for " + e + ", not PostgreSQL"
		}
		if e, suffix := suffixEngine(name); e != "" {
			c.why = "named for " + e + " (" + suffix + "), not PostgreSQL"
		} else if e, word := perEngine.engine(name); e != "" {
			c.why = "named for " + e + " (" + word + ") in a module that names its SQL files per database, not PostgreSQL"
		} else if twin := twins[twinKey(dir, name)]; twin != "" && twin != name {
			c.why = "the file for another database beside " + twin + ", which is named for PostgreSQL"
		}
		if c.kind == "Go DDL" && c.why == "" && len(f.sources()) > 0 {
			if d := otherDriverOnly(f.Path, f.Content); d != "" {
				c.why = "the file imports " + d + " and no PostgreSQL driver: its DDL is for that database"
			}
		}
		chosen = append(chosen, c)
	}
	var srcs []*Source
	for i := range chosen {
		c := &chosen[i]
		if c.kind == "sqlc schema" && migrations != "" {
			c.why = fmt.Sprintf("the schema snapshot sqlc reads; the %s migrations in %s are the final schema", migTool, migrations)
		}
		if c.why != "" {
			continue
		}
		s := c.file.sources()
		if len(s) == 0 {
			c.kind = "" // a .go file without DDL: not a source
			continue
		}
		if !strings.HasSuffix(c.file.Path, ".go") && m.InitOnly(c.file.Path) {
			c.kind = "docker-entrypoint-initdb.d scripts, run on a new database"
			for _, src := range s {
				src.Init = true
			}
		}
		srcs = append(srcs, s...)
	}
	uses := groupUses(chosen)
	for i := range uses {
		uses[i].Outside = m.Root != "" && !within(filepath.ToSlash(uses[i].Path), filepath.ToSlash(m.Root))
		if uses[i].Outside && m.RepositoryBy == RepositoryByModulePath {
			uses[i].PathRepository = m.Repository
		}
		uses[i].Fits = uses[i].Outside && m.Fits
	}
	uses = append(uses, m.SetAside...)
	return srcs, uses, probs
}

// engineDirs are directory names that say their SQL is for another
// database: a module that supports several (temporal keeps schema/mysql,
// schema/sqlite and schema/postgresql side by side) would otherwise have
// MySQL's tables and syntax errors in its PostgreSQL schema.
var engineDirs = map[string]string{
	"mysql": "MySQL", "mariadb": "MariaDB", "sqlite": "SQLite", "sqlite3": "SQLite",
	"mssql": "SQL Server", "sqlserver": "SQL Server", "oracle": "Oracle",
	"cassandra": "Cassandra", "clickhouse": "ClickHouse", "spanner": "Spanner",
	"rqlite": "rqlite", "cockroach": "CockroachDB", "cockroachdb": "CockroachDB", "tidb": "TiDB",
}

// otherEngine returns the database a directory of the module is named
// for, when that is not PostgreSQL: the name of one of its directories
// below the module root, alone, before a dash or underscore (mysql-init)
// or after one (migrations_mysql).
func otherEngine(root, dir string) string {
	rel, err := filepath.Rel(root, dir)
	if err != nil || root == "" {
		return ""
	}
	for _, seg := range strings.Split(filepath.ToSlash(rel), "/") {
		// mysql, mysql-init and mysql_schema, migrations_mysql
		words := strings.Split(strings.ReplaceAll(strings.ToLower(seg), "_", "-"), "-")
		if e := cmp.Or(engineDirs[words[0]], engineDirs[words[len(words)-1]]); e != "" {
			return e
		}
	}
	return ""
}

// suffixEngines are the names before .sql (and .up or .down) that say a
// file is for another database: a module that supports several keeps
// 1_jobs.mysql.up.sql beside 1_jobs.postgres.up.sql (as kratos does).
var suffixEngines = map[string]string{
	"mysql": "MySQL", "mariadb": "MariaDB", "tidb": "TiDB", "sqlite": "SQLite", "sqlite3": "SQLite",
	"cockroach": "CockroachDB", "cockroachdb": "CockroachDB", "sqlserver": "SQL Server", "mssql": "SQL Server",
	"clickhouse": "ClickHouse", "oracle": "Oracle", "spanner": "Spanner", "rqlite": "rqlite",
}

// suffixEngine returns the database a .sql file's name is for, when that
// is not PostgreSQL, and the suffix that says so. ory/popx's .autocommit
// (a file run outside a transaction) may stand between the database and
// .up: 1_idx.cockroach.autocommit.up.sql.
func suffixEngine(name string) (engine, suffix string) {
	base, ok := strings.CutSuffix(strings.ToLower(name), ".sql")
	if !ok {
		return "", ""
	}
	for _, dir := range []string{".up", ".down"} {
		if b, ok := strings.CutSuffix(base, dir); ok {
			base = b
			break
		}
	}
	base = strings.TrimSuffix(base, ".autocommit")
	i := strings.LastIndexByte(base, '.')
	if i < 0 {
		return "", ""
	}
	suffix = base[i:]
	if e := suffixEngines[suffix[1:]]; e != "" {
		return e, suffix
	}
	return "", ""
}

// postgresWords are the names of PostgreSQL in a file name that has a
// twin for each database it supports (schema_postgres.sql beside
// schema_sqlite.sql, as goqite keeps them).
var postgresWords = map[string]bool{"postgres": true, "postgresql": true, "pg": true, "pgsql": true, "psql": true}

// nameWords returns the first and last words of a .sql file's name, split
// at underscores, dashes and dots, without .sql and .up or .down; ok is
// false for a name that is no .sql file.
func nameWords(name string) (first, last string, ok bool) {
	base, isSQL := strings.CutSuffix(strings.ToLower(name), ".sql")
	if !isSQL {
		return "", "", false
	}
	for _, dir := range []string{".up", ".down"} {
		if b, cut := strings.CutSuffix(base, dir); cut {
			base = b
			break
		}
	}
	words := strings.FieldsFunc(base, func(r rune) bool { return r == '_' || r == '-' || r == '.' })
	if len(words) == 0 {
		return "", "", false
	}
	return words[0], words[len(words)-1], true
}

// perEngineNames says where a module's SQL file names put the database
// they are for: first (postgres_schema.sql), last (schema_postgres.sql),
// or neither when no file is named for PostgreSQL that way.
type perEngineNames struct{ first, last bool }

func namedPerEngine(files []File) perEngineNames {
	var p perEngineNames
	for _, f := range files {
		if first, last, ok := nameWords(filepath.Base(f.Path)); ok {
			p.first = p.first || postgresWords[first]
			p.last = p.last || postgresWords[last]
		}
	}
	return p
}

// engine returns the database a file's name is for, when the module names
// its files per database and this one is named for another: a word such
// as "sqlite" alone could be a migration about it (003_import_mysql.sql),
// a twin named for PostgreSQL says it is a flavor.
func (p perEngineNames) engine(name string) (engine, word string) {
	first, last, ok := nameWords(name)
	switch {
	case !ok:
	case p.last && suffixEngines[last] != "":
		return suffixEngines[last], last
	case p.first && suffixEngines[first] != "":
		return suffixEngines[first], first
	}
	return "", ""
}

// postgresTwins returns, for each directory and name stem, the file named
// for PostgreSQL by a word before or after the stem (schema_psql.sql,
// postgres-schema.sql, schema.postgres.sql: the stem schema). A file of
// the same directory named by the stem alone (schema.sql) is then the
// twin for a database the name leaves unsaid: modulacms keeps schema.sql
// for SQLite beside schema_psql.sql and schema_mysql.sql, and its
// CREATE TABLE IF NOT EXISTS, which parses as PostgreSQL, would otherwise
// come first and shadow PostgreSQL's table (its TEXT columns for
// PostgreSQL's TIMESTAMP ones).
func postgresTwins(files []File) map[string]string {
	twins := map[string]string{}
	for _, f := range files {
		name := filepath.Base(f.Path)
		base, ok := sqlBase(name)
		if !ok {
			continue
		}
		for word := range postgresWords {
			for _, sep := range []string{"_", "-", "."} {
				stem, cut := strings.CutSuffix(base, sep+word)
				if !cut {
					stem, cut = strings.CutPrefix(base, word+sep)
				}
				if cut && stem != "" {
					twins[twinKey(filepath.Dir(f.Path), stem)] = name
				}
			}
		}
	}
	return twins
}

// twinKey is the key of postgresTwins for a directory and a file's name
// or stem.
func twinKey(dir, name string) string {
	if base, ok := sqlBase(name); ok {
		name = base
	}
	return dir + "\x00" + name
}

// sqlBase returns a .sql file's name in lower case without .sql and .up
// or .down; ok is false for a name that is no .sql file.
func sqlBase(name string) (string, bool) {
	base, ok := strings.CutSuffix(strings.ToLower(name), ".sql")
	if !ok {
		return "", false
	}
	for _, dir := range []string{".up", ".down"} {
		if b, cut := strings.CutSuffix(base, dir); cut {
			return b, true
		}
	}
	return base, true
}

// sqitch keeps a project's changes in a directory holding sqitch.plan,
// each change as three scripts of the same name: deploy/NAME.sql, which
// the database runs, revert/NAME.sql, which undoes it (DROP TABLE), and
// verify/NAME.sql, which checks it (vetchium keeps its one schema so,
// beside its Go module). Only the deploy scripts are the schema.
const sqitchPlan = "sqitch.plan"

// sqitchScripts are the scripts of a sqitch change other than its
// deployment, by directory, with what they do.
var sqitchScripts = map[string]string{"revert": "undo", "verify": "check"}

// isToolFile reports whether a file is one a migration tool keeps beside
// its migrations to mark them, and no SQL: atlas.sum, sqitch.plan.
func isToolFile(name string) bool { return name == "atlas.sum" || name == sqitchPlan }

// sqitchProjects returns the directories of the files' sqitch plans.
func sqitchProjects(files []File) map[string]bool {
	plans := map[string]bool{}
	for _, f := range files {
		if filepath.Base(f.Path) == sqitchPlan {
			plans[filepath.Dir(f.Path)] = true
		}
	}
	return plans
}

// sqitchScript returns "revert" or "verify" for a directory of a sqitch
// project's scripts other than its deployment, or "".
func sqitchScript(plans map[string]bool, dir string) string {
	if _, ok := sqitchScripts[filepath.Base(dir)]; ok && plans[filepath.Dir(dir)] {
		return filepath.Base(dir)
	}
	return ""
}

// A choice is what discovery does with one file.
type choice struct {
	file File
	kind string // "" for a file that is no source (a .go file without DDL)
	why  string // set aside when not ""
	cfg  string // the sqlc configuration that named it
}

// groupUses makes one use of each directory's files of one kind and
// outcome, in path order.
func groupUses(chosen []choice) []SourceUse {
	type group struct{ dir, kind, why string }
	byGroup := map[group]*SourceUse{}
	var order []group
	for _, c := range chosen {
		if c.kind == "" {
			continue
		}
		g := group{filepath.Dir(c.file.Path), c.kind, c.why}
		u := byGroup[g]
		if u == nil {
			u = &SourceUse{Path: c.file.Path, Kind: c.kind, Used: c.why == "", Why: c.why}
			if c.cfg != "" {
				u.Kind += " (" + c.cfg + ")"
			}
			byGroup[g] = u
			order = append(order, g)
		} else {
			u.Path = g.dir
		}
		u.Files++
	}
	uses := make([]SourceUse, 0, len(order))
	for _, g := range order {
		uses = append(uses, *byGroup[g])
	}
	sort.SliceStable(uses, func(i, j int) bool { return naturalLess(uses[i].Path, uses[j].Path) })
	return uses
}

// named returns the configuration path that names file, itself or as a
// directory holding it.
func named(paths []sqlcPath, file string) *sqlcPath {
	for i, p := range paths {
		if p.path == file || strings.HasPrefix(file, p.path+string(filepath.Separator)) {
			return &paths[i]
		}
	}
	return nil
}

// Markers of the migration tools jobqlint recognises in a .sql file.
var (
	gooseUp      = regexp.MustCompile(`(?im)^[ \t]*--[ \t]*\+goose[ \t]+up\b`)
	sqlMigrateUp = regexp.MustCompile(`(?im)^[ \t]*--[ \t]*\+migrate[ \t]+up\b`)
	dbmateUp     = regexp.MustCompile(`(?im)^[ \t]*--[ \t]*migrate:up\b`)
	ternSplit    = regexp.MustCompile(`(?im)^[ \t]*--[ \t]*-*[ \t]*create above / drop below\b`)
)

// migrationDirs returns the directories of migrations, each with its tool:
// golang-migrate's N_name.up.sql files, atlas's directory with its
// atlas.sum, a sqitch project's deploy directory beside its sqitch.plan,
// or .sql files with goose's, sql-migrate's, dbmate's or tern's
// markers.
func migrationDirs(files []File) map[string]string {
	tools := map[string]string{}
	for _, f := range files {
		name, dir := filepath.Base(f.Path), filepath.Dir(f.Path)
		if name == sqitchPlan {
			// The plan marks its project's deploy directory, not its own.
			tools[filepath.Join(dir, "deploy")] = "sqitch"
			continue
		}
		if tools[dir] != "" {
			continue
		}
		var tool string
		switch {
		case name == "atlas.sum":
			tool = "atlas"
		case !strings.HasSuffix(name, ".sql"):
			continue
		case strings.HasSuffix(name, ".up.sql"):
			tool = "golang-migrate"
		case !bytes.Contains(f.Content, []byte("--")):
			continue
		case gooseUp.Match(f.Content):
			tool = "goose"
		case sqlMigrateUp.Match(f.Content):
			tool = "sql-migrate"
		case dbmateUp.Match(f.Content):
			tool = "dbmate"
		case ternSplit.Match(f.Content):
			tool = "tern"
		}
		tools[dir] = tool
	}
	return tools
}

// seedWords are the words of a file's or directory's name that say its
// SQL is data for a demo, a test or a fresh database, not a migration:
// labtether keeps scripts/demo-seed.sql (TRUNCATE, then INSERTs), which a
// compose service loads into a demo instance.
var seedWords = map[string]bool{
	"seed": true, "seeds": true, "seeding": true, "seeder": true, "fixture": true, "fixtures": true,
	"demo": true, "sample": true, "samples": true, "mock": true, "mocks": true, "fake": true,
}

var (
	ddlLine  = regexp.MustCompile(`(?im)^[ \t]*(create|alter|drop|comment|grant|revoke)\b`)
	dataLine = regexp.MustCompile(`(?im)^[ \t]*(insert|truncate|copy|update|delete)\b`)
)

// isDataScript reports whether a .sql file outside every migration
// directory is a data script: named for seed or demo data (its name or a
// directory's below the root), holding data statements and no DDL. Its
// TRUNCATE is no migration's lock on a live table, and it declares
// nothing.
func isDataScript(root string, f File) bool {
	rel, err := filepath.Rel(root, f.Path)
	if err != nil || root == "" || strings.HasPrefix(rel, "..") {
		rel = filepath.Base(f.Path)
	}
	named := false
	for _, w := range strings.FieldsFunc(strings.ToLower(strings.TrimSuffix(filepath.ToSlash(rel), ".sql")), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		named = named || seedWords[w]
	}
	return named && dataLine.Match(f.Content) && !ddlLine.Match(f.Content)
}
