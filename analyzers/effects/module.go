package effects

// ModuleRoot returns the directory that holds the package's go.mod and the
// module's path (see moduleRootOf); "" when no SSA was built.
func (e *Effects) ModuleRoot() (dir, path string) {
	if e == nil || e.pass == nil {
		return "", ""
	}
	return moduleRootOf(e.pass)
}
