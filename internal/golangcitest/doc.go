// Package golangcitest tests jobqlint's golangci-lint plugin
// (tools/golangci) end to end: it builds golangci-lint v2.15.0 with the
// plugin from the Go module proxy and runs it on the seed module and on the
// suppression module of cmd/jobqlint's scripts, expecting what jobqlint
// reports. It is a package of its own because the build takes minutes.
package golangcitest
