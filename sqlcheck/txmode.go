package sqlcheck

import (
	"regexp"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// Directives that make a migration tool run each statement of a file on
// its own, outside a transaction: goose (-- +goose NO TRANSACTION),
// sql-migrate (-- +migrate Up notransaction), tern v2 (---- tern:
// disable-tx ----) and atlas (-- atlas:txmode none). Each tool then sends
// the statements one by one, and each is a transaction of its own. dbmate's
// transaction:false is not one of them: dbmate still sends the section as
// one string, which PostgreSQL runs as one implicit transaction.
var perStatement = regexp.MustCompile(`(?im)^[ \t]*--[ \t]*(\+goose[ \t]+no[ \t]+transaction\b|\+migrate[ \t]+up[ \t]+notransaction\b|atlas:txmode[ \t]+none\b)|^---- tern: disable-tx ----[ \t]*\r?$`)

// txState follows which statements of a migration file share a
// transaction and where a lock_timeout is in force. A file runs either in
// one transaction (the tool opens it, or sends the file as one string,
// which PostgreSQL runs as one implicit transaction) or, under a directive
// of perStatement, one statement at a time, each its own transaction. A
// BEGIN in the file opens a transaction that lasts to its COMMIT (inside
// an implicit one it keeps the same transaction); after a COMMIT or
// ROLLBACK the statements that follow start a new one.
type txState struct {
	init      bool
	apart     bool            // the file is sent one statement at a time whatever it says (LockingDDL.Apart)
	blocks    [][]int         // goose's StatementBegin ... StatementEnd blocks, by offset in the source
	block     int             // the block of the last statement, -1 for none
	perStmt   bool            // each statement outside BEGIN ... COMMIT is its own transaction
	explicit  bool            // inside BEGIN ... COMMIT
	begins    int             // the BEGIN ... COMMIT blocks so far
	ended     bool            // the last transaction ended (COMMIT, ROLLBACK, or a statement on its own)
	id        int             // the current transaction, counted in the file
	session   bool            // SET lock_timeout (session level) is in force
	local     *bool           // SET LOCAL lock_timeout of the current transaction, nil when none
	exclusive map[string]bool // tables whose ACCESS EXCLUSIVE lock the current transaction holds
}

// gooseBlock is a goose StatementBegin ... StatementEnd block, which goose
// sends as one string: under NO TRANSACTION, its statements are still one
// implicit transaction.
var gooseBlock = regexp.MustCompile(`(?ims)^[ \t]*--[ \t]*\+goose[ \t]+statementbegin\b.*?^[ \t]*--[ \t]*\+goose[ \t]+statementend\b`)

// begin is called before each statement, at offset start of the source:
// it starts the statement's transaction when the previous one ended.
func (t *txState) begin(src *Source, start int) {
	if !t.init {
		t.init, t.perStmt, t.ended, t.block = true, !src.FromGo && (t.apart || perStatement.MatchString(src.SQL)), true, -1
		if t.perStmt {
			t.blocks = gooseBlock.FindAllStringIndex(src.SQL, -1)
		}
	}
	blk := -1
	for i, b := range t.blocks {
		if b[0] <= start && start < b[1] {
			blk = i
		}
	}
	if t.perStmt && !t.explicit && (blk < 0 || blk != t.block) {
		t.ended = true // the statement (or block) is sent on its own
	}
	t.block = blk
	if t.ended {
		t.id++
		t.ended, t.local, t.exclusive = false, nil, map[string]bool{}
	}
}

// transaction follows BEGIN, COMMIT and ROLLBACK; it reports whether the
// statement is one of them.
func (t *txState) transaction(n *pg.Node) bool {
	ts := n.GetTransactionStmt()
	if ts == nil {
		return false
	}
	switch ts.GetKind() {
	case pg.TransactionStmtKind_TRANS_STMT_BEGIN, pg.TransactionStmtKind_TRANS_STMT_START:
		if !t.explicit {
			t.begins++
		}
		t.explicit = true
	case pg.TransactionStmtKind_TRANS_STMT_COMMIT, pg.TransactionStmtKind_TRANS_STMT_ROLLBACK,
		pg.TransactionStmtKind_TRANS_STMT_COMMIT_PREPARED, pg.TransactionStmtKind_TRANS_STMT_ROLLBACK_PREPARED,
		pg.TransactionStmtKind_TRANS_STMT_PREPARE:
		t.explicit, t.ended = false, true
	}
	return true
}

// setTimeout records a SET of lock_timeout: on, unless its value turns
// it off. A SET LOCAL in a statement that is its own transaction ends
// with it: PostgreSQL warns and goes on.
func (t *txState) setTimeout(local, on bool) {
	if !local {
		t.session, t.local = on, nil // a session-level SET replaces the transaction's SET LOCAL too
		return
	}
	t.local = &on
}

// timeout reports whether a lock_timeout is in force.
func (t *txState) timeout() bool {
	if t.local != nil {
		return *t.local
	}
	return t.session
}
