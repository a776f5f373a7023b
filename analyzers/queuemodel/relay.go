package queuemodel

import (
	"go/ast"
	"go/types"
	"regexp"
	"slices"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A relay queue: a transactional outbox (an inbox, a webhook or mail
// table) whose rows wait on a marker. The relay polls the rows whose
// marker is still unset (processed_at IS NULL, sent = false, status =
// 'pending') in order, a batch at a time, hands them on (publishes them
// to a broker, sends them), then marks them by key (SET processed_at =
// now() WHERE id = $1, or id = ANY($1)). Nothing claims the rows: the
// marker is the job's outcome, and the unset marker its runnable state.
//
// What tells a relay from a listing (a page of users, of unread
// notifications, of posts not deleted) and a by-key update of one of its
// rows is that the mark follows the hand-off of the rows the poll
// returned:
//   - in one function: the poll, then work given what it returned, then
//     the mark (see relayInOneFunc);
//   - split over a store's functions (Unpublished(ctx, n), MarkPublished(ctx,
//     ids)) called by a relay the package may not see: each function
//     runs that one statement, the poll takes a batch (LIMIT) with
//     no OFFSET and no keyset cursor, and the marker says, by its name or
//     the state the mark sets, that the rows were handed on
//     (published_at, sent, 'processed'). A soft delete (deleted_at) or a
//     read flag (read = true) marks no hand-off.

// handedOn matches the names of markers and states that say a row was
// handed on.
var handedOn = regexp.MustCompile(`(?i)sent|publish|process|deliver|dispatch|relay|forward|emit|handled|acked|succe|complete|finish|(^|[^n])done`)

// relay reports whether a table the package polls without claiming is a
// relay queue, and records its polls and their marks.
func (b *builder) relay(qt *QueueTable) bool {
	col := qt.StateColumn
	if col == "" || hasClaim(qt) || qt.taken != "" {
		return false
	}
	for _, poll := range qt.Statements {
		p := relayPoll(qt, poll)
		if p == nil {
			continue
		}
		cas := b.checkedTake(qt, p, poll)
		for _, mark := range qt.Statements {
			if mark == poll || !b.marks(qt, p, mark) {
				continue
			}
			if b.relayInOneFuncAfter(poll, mark, cas) || b.relaySplit(qt, p, poll, mark) && b.relayCalled(qt, poll, mark) {
				if qt.relayMarks == nil {
					qt.relayMarks = map[*Statement][]*Statement{}
				}
				qt.relayMarks[poll] = append(qt.relayMarks[poll], mark)
			}
		}
	}
	if len(qt.relayMarks) == 0 {
		return false
	}
	for _, marks := range qt.relayMarks {
		for _, m := range marks {
			if m.Role == RoleNone {
				m.Role = RoleComplete
			}
		}
	}
	return true
}

// relayPoll returns the SELECT a statement polls a relay's rows with: it
// reads the table unlocked (a locked poll is a claim, see claims),
// filters on the marker, and reads no page of a listing (OFFSET, or a
// keyset cursor on the column it orders by).
func relayPoll(qt *QueueTable, st *Statement) *sqlcheck.Stmt {
	if st.Kind != sqlcheck.KindSelect || st.Role != RolePoll || st.NestedClaim() != nil {
		return nil
	}
	for _, p := range st.Polls {
		if p.Table != qt.Name || p.Lock != nil || p.Offset != nil || !filtersOn(p, qt.StateColumn) || pagedByCursor(p) {
			continue
		}
		if _, ok := sqlcheck.FilterStates(p.Where, qt.StateColumn); ok {
			return p
		}
	}
	return nil
}

// pagedByCursor reports whether a SELECT starts after a position its
// caller gives on a column it orders by (WHERE id > $1 ORDER BY id): the
// next page of a keyset pagination.
func pagedByCursor(s *sqlcheck.Stmt) bool {
	for _, p := range s.Where {
		if p.Op != sqlcheck.OpGt && p.Op != sqlcheck.OpGe && p.Op != sqlcheck.OpLt && p.Op != sqlcheck.OpLe {
			continue
		}
		if len(p.Values) != 1 || p.Values[0].Kind != sqlcheck.ValueParam {
			continue
		}
		if slices.ContainsFunc(s.OrderBy, func(o sqlcheck.OrderItem) bool { return o.Column == p.Column }) {
			return true
		}
	}
	return false
}

// marks reports whether an UPDATE marks rows of a relay's poll by key: it
// names its rows (id = $1, id = ANY($1)) and sets the marker to a value
// the poll does not admit.
func (b *builder) marks(qt *QueueTable, poll *sqlcheck.Stmt, st *Statement) bool {
	if st.Kind != sqlcheck.KindUpdate || st.Table != qt.Name || len(st.Polls) > 0 || !b.namesRows(st.Stmt) {
		return false
	}
	v, ok := qt.AssignedState(st)
	if !ok {
		return false
	}
	states, ok := sqlcheck.FilterStates(poll.Where, qt.StateColumn)
	return ok && !states.Admits(v)
}

// relayInOneFunc reports whether a function polls, hands what the poll
// returned to work that may fail, then marks.
func (b *builder) relayInOneFunc(poll, mark *Statement) bool {
	if poll.Call.Func == nil || poll.Call.Func != mark.Call.Func || !poll.Before(mark) || b.servesRequest(poll.Call.Func) {
		return false
	}
	return b.afterWork(poll, mark)
}

// relayInOneFuncAfter is relayInOneFunc where a compare-and-set on the
// row (see checkedTake) may run first: the work that runs only after it is
// on a row only one relay took, and hands on nothing before a mark.
func (b *builder) relayInOneFuncAfter(poll, mark, cas *Statement) bool {
	if cas == nil {
		return b.relayInOneFunc(poll, mark)
	}
	if poll.Call.Func == nil || poll.Call.Func != mark.Call.Func || !poll.Before(mark) || b.servesRequest(poll.Call.Func) {
		return false
	}
	from, to, guard := b.callInstr(poll.Call), b.callInstr(mark.Call), b.callInstr(cas.Call)
	return from != nil && to != nil && guard != nil && b.effects.WorkBetweenUnlessAfter(from, to, guard)
}

// checkedTake returns the first mark, in the poll's function and after
// it, that re-checks the state the poll read (AND status = 'scheduled')
// and whose row count the code looks at: a compare-and-set that takes the
// row, so that the work after it runs on a row one relay took. (Work
// before it still counts: see relayInOneFuncAfter.) Nil if there is none.
func (b *builder) checkedTake(qt *QueueTable, p *sqlcheck.Stmt, poll *Statement) *Statement {
	if poll.Call.Func == nil {
		return nil
	}
	for _, st := range qt.Statements {
		if st != poll && st.Call.Func == poll.Call.Func && poll.Before(st) && b.marks(qt, p, st) && st.ResultChecked() && rechecks(qt, p, st) {
			return st
		}
	}
	return nil
}

// rechecks reports whether a mark's WHERE admits only states the poll
// admits: a row another relay marked first no longer matches it.
func rechecks(qt *QueueTable, poll *sqlcheck.Stmt, mark *Statement) bool {
	polled, ok := sqlcheck.FilterStates(poll.Where, qt.StateColumn)
	if !ok || polled.Not {
		return false
	}
	marked, ok := sqlcheck.FilterStates(mark.Where, qt.StateColumn)
	if !ok || marked.Not || len(marked.Cond) > 0 || len(marked.In) == 0 {
		return false
	}
	for _, v := range marked.In {
		if !polled.Admits(v) {
			return false
		}
	}
	return true
}

// servesRequest reports whether fn handles an HTTP request (see
// ServesRequest): what it reads and marks is the caller's, once per
// request (a user's backup codes, checked then used), not a relay's batch
// that every poll takes again.
func (b *builder) servesRequest(fn ast.Node) bool {
	decl, ok := fn.(*ast.FuncDecl)
	if !ok {
		return false // a closure handed to a router is not read as a relay's function either
	}
	f, ok := b.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	return ok && ServesRequest(f.Signature())
}

// requestTypes are the types of a parameter that makes a function an HTTP
// request's handler: net/http's, and the context of the routers that wrap
// it (echo's interface, gin's struct by pointer).
var requestTypes = map[string]bool{
	"net/http.*Request":                   true,
	"github.com/labstack/echo/v4.Context": true,
	"github.com/gin-gonic/gin.*Context":   true,
}

// ServesRequest reports whether a function of this signature handles an
// HTTP request: it takes a request, or a router's context that carries
// one. What it does to a job, it does once, when someone asks.
func ServesRequest(sig *types.Signature) bool {
	for p := range sig.Params().Variables() {
		t, star := p.Type(), ""
		if ptr, ok := t.(*types.Pointer); ok {
			t, star = ptr.Elem(), "*"
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && requestTypes[n.Obj().Pkg().Path()+"."+star+n.Obj().Name()] {
			return true
		}
	}
	return false
}

// relaySplit reports whether a store's functions poll and mark a relay
// (see the comment at the top of the file).
func (b *builder) relaySplit(qt *QueueTable, p *sqlcheck.Stmt, poll, mark *Statement) bool {
	if !b.soleStatement(poll.Call) || !b.soleStatement(mark.Call) || poll.Call.Decl == mark.Call.Decl {
		return false
	}
	if p.Limit == nil {
		// Every row in a state at once: a relay's poll only where a
		// caller marks the rows it returned one by one.
		pollFn, markFn := b.funcOf(poll.Call.Decl), b.funcOf(mark.Call.Decl)
		if pollFn == nil || markFn == nil || !b.marksEachElsewhere(pollFn, markFn) {
			return false
		}
	}
	v, _ := qt.AssignedState(mark)
	return handedOn.MatchString(qt.StateColumn) || handedOn.MatchString(v) || handedOn.MatchString(qt.StateName(v))
}

// relayCalled reports whether some function of the module may run a
// split relay's poll (see callersOf): a poll nothing calls is dead code,
// which races with nothing and makes no queue of its table. When only
// other packages call it, and one of their functions calls the poll and
// then the mark, each caller that runs them in turn is judged there
// (SplitClaim.Relay, FarSplit.Relay), at its call of the poll, a
// reviewer's code, not at the store's (sqlc's) SELECT: the store's
// functions are exported as the halves of a claim, and the poll is kept
// out of the package's own judgement (RelayAtCallers).
func (b *builder) relayCalled(qt *QueueTable, poll, mark *Statement) bool {
	pollFn, markFn := b.funcOf(poll.Call.Decl), b.funcOf(mark.Call.Decl)
	if pollFn == nil || markFn == nil {
		return true
	}
	switch b.callersOf(pollFn, markFn) {
	case calledNowhere:
		return false
	case calledHere:
		return true
	}
	if qt.relayAtCallers == nil {
		qt.relayAtCallers = map[*Statement]bool{}
	}
	qt.relayAtCallers[poll] = true
	if b.halves[pollFn] == nil {
		b.halves[pollFn] = &Half{Table: qt.Name, Receiver: poll.Call.Receiver, Param: b.unknownParam(poll)}
	}
	if h := b.halves[markFn]; h == nil || !h.Take {
		b.halves[markFn] = &Half{Table: qt.Name, Take: true, Marks: true, Receiver: mark.Call.Receiver, Param: b.unknownParam(mark)}
	}
	return true
}

// RelayAtCallers reports whether a relay's poll is judged where other
// packages call it and then the mark (see relayCalled), not at the poll.
func (qt *QueueTable) RelayAtCallers(poll *Statement) bool { return qt.relayAtCallers[poll] }

// soleStatement reports whether a call is the only SQL its function runs,
// outside any closure: a store's method (sqlc's, a repository's) that
// its callers compose.
func (b *builder) soleStatement(c *Call) bool {
	if !wholeFunc(c) {
		return false
	}
	for _, o := range b.model.Calls {
		if o != c && o.Decl == c.Decl {
			return false
		}
	}
	return true
}

// Relay reports whether the table is a relay queue (see relay.go): the
// package polls it without claiming, and marks by key the rows it handed
// on.
func (qt *QueueTable) Relay() bool { return len(qt.relayMarks) > 0 }

// RelayPolls returns a relay queue's polls, in source order.
func (qt *QueueTable) RelayPolls() []*Statement {
	var out []*Statement
	for _, st := range qt.Statements {
		if qt.relayMarks[st] != nil {
			out = append(out, st)
		}
	}
	return out
}

// RelayMarks returns the UPDATEs by key that mark what a relay's poll
// found.
func (qt *QueueTable) RelayMarks(poll *Statement) []*Statement { return qt.relayMarks[poll] }

// batchPolls makes polls, for now, of the SELECTs that read a batch of a
// table no statement polls (LIMIT n, with no ORDER BY: a relay often
// takes any n unmarked rows), or every row at once (no LIMIT, in some
// order or none), by a state filter on a column the package writes;
// the table may be joined with others that only narrow its rows (JOIN
// messages m ON m.id = b.message_id: see joinedBatch):
// whether they are a relay's is decided with the rest of the table (see
// relay), and a table that is no relay's is dropped with its roles. A
// read of every row is a relay's poll only in the function that then
// hands the rows on and marks them (relayInOneFunc): a store's method
// that reads them all is as much a listing's (relaySplit). Only a table
// nothing else polls is read this way: a queue's listings keep out of
// its runnable states.
func (b *builder) batchPolls(written map[string]map[string]bool) {
	for _, st := range b.statements() {
		s := st.Stmt
		if len(st.Polls) > 0 || s.Kind != sqlcheck.KindSelect {
			continue
		}
		subject := s.Table == ""
		if subject {
			if s = b.joinedBatch(s, written); s == nil {
				continue
			}
		}
		if b.model.Tables[s.Table] != nil {
			continue
		}
		if !subject && s.Limit != nil && len(s.OrderBy) > 0 {
			continue // ORDER BY ... LIMIT is a poll's shape already (isPoll)
		}
		if s.Lock != nil || s.Joined && !s.NarrowedByTables || s.Offset != nil || b.byUniqueKey(s) || onlyCounted(s) {
			continue
		}
		col := b.stateColumn(s, s, written[s.Table])
		if col == "" || !b.selectsRunnable(s, col) {
			continue
		}
		if subject {
			if b.joinedAs == nil {
				b.joinedAs = map[*Statement]*sqlcheck.Stmt{}
			}
			b.joinedAs[st], st.Stmt = st.Stmt, s
		}
		st.Polls, st.Role = []*sqlcheck.Stmt{s}, RolePoll
		b.table(s.Table).StateColumn = col
		b.batchOnly = append(b.batchOnly, s.Table)
	}
}

// joinedBatch reads a SELECT that joins tables and returns columns of
// several of them (SELECT b.user_id, m.content FROM bookmarks b JOIN
// messages m ON m.id = b.message_id WHERE NOT b.reminded AND b.remind_at
// <= now() LIMIT 50) as the SELECT of the one table whose state it
// filters on: a column of it the package writes, in a state rows are
// created in (see sqlcheck.Stmt.AsSubject). It returns nil unless exactly
// one table is so read. Whether the other tables only narrow its rows
// (tables, given no parameter: a listing of one channel's bookmarks names
// the channel) batchPolls asks of it as of a Joined SELECT.
func (b *builder) joinedBatch(s *sqlcheck.Stmt, written map[string]map[string]bool) *sqlcheck.Stmt {
	var found *sqlcheck.Stmt
	for _, jt := range s.JoinedTables {
		c := s.AsSubject(jt.Table)
		if c == nil {
			continue
		}
		if col := b.stateColumn(c, c, written[c.Table]); col == "" || !b.selectsRunnable(c, col) {
			continue
		}
		if found != nil {
			return nil
		}
		found = c
	}
	return found
}
