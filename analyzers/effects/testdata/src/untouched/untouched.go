package untouched

// Nothing here asks a question of the package: no SSA is built.
func run() {} // want `built=false`
