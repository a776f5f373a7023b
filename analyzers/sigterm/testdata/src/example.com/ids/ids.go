// Package ids stands for an ID generator of another module.
package ids

func New() string { return "" }
