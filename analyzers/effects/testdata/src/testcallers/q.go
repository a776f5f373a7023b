// Package testcallers: a helper's parameter is given its values by the
// package's calls, not by its tests'.
package testcallers

func sink(string) {}

// query is called by Start with the table the program runs on, and by a
// test with a table of its own: the test's is no value the program uses.
func query(table string) {
	sink("SELECT * FROM " + table) // want `^SELECT \* FROM jobs@1$`
}

func Start() { query("jobs") }
