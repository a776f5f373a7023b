package sqlcheck

import (
	"path/filepath"
	"slices"
	"strings"
)

// A module may hold several services, each with its own database and its
// own migrations (services/auth/migrations, services/billing/migrations),
// and two services may each create a table of the same name. Replayed as
// one schema, the later service's table would replace the earlier one's.
// A package of one service reads that service's schema.

// ServiceOf returns the service (one of Services, relative to the module
// root) that package directory dir lies in, or "".
func ServiceOf(root, dir string, services []string) string {
	rel, err := filepath.Rel(root, dir)
	if err != nil || strings.HasPrefix(rel, "..") {
		return ""
	}
	for _, s := range services {
		if within(filepath.ToSlash(rel), s) {
			return s
		}
	}
	return ""
}

// Services returns the directory, relative to the module root, that each
// of the module's migration directories owns: the highest directory above
// it that holds no other. It returns nil when the module holds fewer than
// two, or none of -schema's.
func (m *ModuleFiles) Services() []string {
	if m.Given {
		return nil
	}
	var dirs []string
	for dir, tool := range migrationDirs(m.Files) {
		if tool == "" {
			continue
		}
		rel, err := filepath.Rel(m.Root, dir)
		if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
			continue
		}
		dirs = append(dirs, filepath.ToSlash(rel))
	}
	if len(dirs) < 2 {
		return nil
	}
	slices.Sort(dirs)
	var owners []string
	for _, d := range dirs {
		owner := d
		for up := parentDir(owner); up != "." && !holdsOther(up, d, dirs); up = parentDir(up) {
			owner = up
		}
		if owner == d {
			// migrations/ next to migrations/old/: one service's
			// history, not two services.
			return nil
		}
		owners = append(owners, owner)
	}
	return owners
}

// Scoped returns the module's files without those of services other
// than service (one of Services): the files under the directories the
// other migration directories own.
func (m *ModuleFiles) Scoped(service string) *ModuleFiles {
	if service == "" {
		return m
	}
	others := slices.DeleteFunc(m.Services(), func(s string) bool { return s == service })
	out := *m
	out.Files = slices.DeleteFunc(slices.Clone(m.Files), func(f File) bool {
		rel, err := filepath.Rel(m.Root, f.Path)
		return err == nil && slices.ContainsFunc(others, func(s string) bool { return within(filepath.ToSlash(rel), s) })
	})
	return &out
}

func parentDir(d string) string { return filepath.ToSlash(filepath.Dir(d)) }

// holdsOther reports whether directory up holds a migration directory
// other than d.
func holdsOther(up, d string, dirs []string) bool {
	return slices.ContainsFunc(dirs, func(o string) bool { return o != d && within(o, up) })
}

// within reports whether slash path p is dir or lies under it.
func within(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, dir+"/")
}
