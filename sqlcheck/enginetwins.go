package sqlcheck

import (
	"path/filepath"
	"strings"
)

// engineTwins are the directories of a module named for another database
// by a name glued to a stem that a sibling directory glues to PostgreSQL's
// name: a-h/kv keeps sqlitekv/ and rqlitekv/ beside postgreskv/, each with
// its own migrations. "sqlite" at the start of a name alone could be a
// word (sqliteish); the PostgreSQL twin says it is a flavor. Keyed by
// directory, the database's name as the value.
type engineTwins map[string]string

// findEngineTwins returns the engine twins among the directories that hold
// the files, and their ancestors.
func findEngineTwins(files []File) engineTwins {
	dirs := map[string]bool{}
	for _, f := range files {
		for d := filepath.Dir(f.Path); !dirs[d]; d = filepath.Dir(d) {
			dirs[d] = true
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	// The stems that a directory glues to PostgreSQL's name, by parent.
	postgresStems := map[string]bool{}
	for d := range dirs {
		for word := range postgresWords {
			if stem := gluedStem(filepath.Base(d), word); stem != "" {
				postgresStems[filepath.Dir(d)+"\x00"+stem] = true
			}
		}
	}
	twins := engineTwins{}
	for d := range dirs {
		for word, engine := range suffixEngines {
			if stem := gluedStem(filepath.Base(d), word); stem != "" && postgresStems[filepath.Dir(d)+"\x00"+stem] {
				twins[d] = engine
			}
		}
	}
	return twins
}

// engine returns the database that dir, or a directory above it below
// root, is a twin for, or "".
func (t engineTwins) engine(root, dir string) string {
	for d := dir; d != root && within(filepath.ToSlash(d), filepath.ToSlash(root)); d = filepath.Dir(d) {
		if e := t[d]; e != "" {
			return e
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return ""
}

// gluedStem returns what remains of a directory's name (in lower case)
// when word is cut from its start or its end, with a dash or underscore
// between them or none (sqlitekv, kv_sqlite: kv), or "".
func gluedStem(name, word string) string {
	name = strings.ToLower(name)
	if stem, ok := strings.CutPrefix(name, word); ok {
		return strings.TrimLeft(stem, "-_")
	}
	if stem, ok := strings.CutSuffix(name, word); ok {
		return strings.TrimRight(stem, "-_")
	}
	return ""
}
