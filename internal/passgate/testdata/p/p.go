// Package p is what the gated analyzers of passgate's tests run on.
package p

func F() {}
