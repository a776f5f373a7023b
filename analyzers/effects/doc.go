// Package effects is the shared pass that says what a package's code does
// to the database, answered on SSA (golang.org/x/tools/go/ssa) rather than
// on the syntax tree, so that the answer does not depend on how the code
// happens to be laid out.
//
// effects: model on SSA what a package's code does to the database
//
// SSA is built on the first question a rule asks of a package, or to
// summarize a small helper whose string result is made from its arguments,
// so that packages with neither cost nothing; a dependency (the
// standard library, another module) and a package that does not type-check
// get none, and every question about them answers "cannot tell": the rules
// stay silent there.
//
// The questions it answers:
//   - order and guards by dominance (order.go): whether every path from a
//     function's entry to a call passes a branch that decides whether the
//     call runs (a switch case, an early return, a helper's answer), and
//     whether a function makes a call on every path or only on some, and
//     whether it makes it only once the job's work returned no error
//     (success.go);
//   - what a string may hold (values.go): the SQL text and each bound
//     argument of a call as a set of possible values, followed through
//     parameters, struct fields, package variables, maps of queries made
//     from a literal, phis, closures, the library calls that build SQL
//     (strings.Replacer, ReplaceAll, Join, fmt.Sprintf, identifier
//     quoting, a strings.Builder or bytes.Buffer written along each path:
//     builder.go; a VALUES or IN list joined from one group of bind
//     parameters per row: lists.go) and the module's own helpers (in
//     this package on SSA, pruning the branches constant arguments decide;
//     in other packages through the summaries they export as facts), with
//     a named hole for what stays unknown (a parameter of a constructor
//     that builds its queries from it is a placeholder of its own:
//     param.go); the constants sqlx binds to :name parameters from a
//     struct or map literal (namedargs.go); and whether one value is
//     computed from another, such as the key an UPDATE binds from the rows
//     of a SELECT (flows.go);
//   - handles and transactions (tx.go): which pool, connection,
//     transaction or Queries value a call runs on, the transaction open at
//     a call (begun on every path to it, not ended on any), its isolation
//     level, and whether a transaction commits before the job's work
//     (commit.go); a transaction a helper carries in a context
//     (context.WithValue) is the handle of the queries that take it out
//     again where the context carries it, in this package and, through
//     the CtxTx facts of the helpers and getters of another, across
//     packages (ctxtx.go, ctxfacts.go);
//   - which functions a call of a function value may run, and which
//     concrete types the receiver of a method called through an interface
//     may hold, followed back to the conversions that made the value, to
//     what every call gives a parameter of a function only the package
//     calls, and, across packages, through the types the module's
//     constructors return (funcs.go, ifaces.go); a call whose receiver
//     holds one type runs that type's method (InvokeCallee);
//   - which calls' errors a function passes on to its caller, as they
//     are or wrapped, with nothing else done with them on the way (no
//     log line, no other call), and whether a call's error is never read
//     (passederr.go);
//   - which SSA call and function stand for a call expression or a
//     function's syntax, and the static callers of a function (ssa.go), so
//     that rules reading the queue model can ask about the calls it
//     records.
package effects
