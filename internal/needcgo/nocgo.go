//go:build !cgo

package needcgo

// The name is the message: go build prints "undefined: " and it.
var _ = jobqlint_needs_cgo_set_CGO_ENABLED_1_and_a_C_compiler
