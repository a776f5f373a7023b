package untouched

import "os" // want `built=false`

// Nothing here asks a question of the package: no SSA is built.
func run() {} // want `built=false`

// A string helper the resolver could not follow (it reads the
// environment) is not summarized: no SSA is built for it either.
func greet(name string) string { return os.Getenv("GREETING") + name } // want `built=false`
