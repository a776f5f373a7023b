// No queue here: the package does not report the migrations' directives
// (another package of the module may), so it says nothing about them.
package noqueue

func f() {}
