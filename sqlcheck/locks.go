package sqlcheck

import (
	"regexp"
	"strconv"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// A LockingDDL is a schema change that takes a lock on an existing table
// that conflicts with the ROW EXCLUSIVE lock of INSERT, UPDATE and DELETE:
// while it waits for the lock, every later statement on the table waits
// behind it.
type LockingDDL struct {
	Table  string // qualified, "public.jobs"
	Loc    Loc    // the statement
	What   string // "ALTER TABLE", "CREATE INDEX", "CREATE TRIGGER", "DROP TRIGGER", "DROP INDEX", "LOCK TABLE", "TRUNCATE", "REINDEX", "CLUSTER", "CREATE POLICY"...
	Lock   string // the table lock it takes: "ACCESS EXCLUSIVE", "EXCLUSIVE", "SHARE ROW EXCLUSIVE", "SHARE"
	FromGo bool   // the statement is a Go string, not a migration file
	// LockTimeout says that a lock_timeout set earlier in the same source
	// (SET, SET LOCAL or set_config) is in force: SET LOCAL only within
	// its transaction.
	LockTimeout bool
	// Tx numbers the statement's transaction within its source, from 1:
	// statements with the same Tx run in one transaction (see txState).
	Tx int
	// Held says that an earlier statement of the same transaction took
	// the table's ACCESS EXCLUSIVE lock, which the transaction holds to
	// its end: this statement cannot wait for the table.
	Held bool
	// WrittenWith is the file that created the table when it was made
	// together with this statement's file (see writtenTogether): the two
	// run in one first migration, while the table is new and idle.
	WrittenWith string
	// Apart is the statement's transaction, lock_timeout and held lock
	// when the program that runs the file sends it one statement at a
	// time (a module's own runner that splits it on ;): each statement
	// outside BEGIN ... COMMIT is then a transaction of its own, as under
	// goose's NO TRANSACTION.
	Apart TxView
}

// A TxView is a statement's place in its file's transactions when the
// file is sent a statement at a time. Tx is 0 for a statement that is a
// transaction of its own, and numbers the file's BEGIN ... COMMIT blocks
// from 1 for one inside a block (data statements, which the replay may
// skip, do not count).
type TxView struct {
	Tx          int
	LockTimeout bool
	Held        bool
}

// recordLock notes the statement in s.Locks when it locks a table that an
// earlier source created, and follows the source's transactions and
// lock_timeout.
func (r replayer) recordLock(sess *session) {
	tx, apart := &sess.tx, &sess.apart
	apart.apart = true
	both := []*txState{tx, apart}
	for _, t := range both {
		t.begin(r.src, r.raw.Start)
	}
	n := r.raw.Node
	if tx.transaction(n) {
		apart.transaction(n)
		return
	}
	if v := n.GetVariableSetStmt(); v != nil {
		for _, t := range both {
			switch {
			case v.GetKind() == pg.VariableSetKind_VAR_RESET_ALL:
				t.setTimeout(false, false)
			case v.GetName() == "lock_timeout":
				on := v.GetKind() == pg.VariableSetKind_VAR_SET_VALUE && len(v.GetArgs()) == 1 && !zeroSetting(constText(v.GetArgs()[0]))
				t.setTimeout(v.GetIsLocal() && v.GetKind() != pg.VariableSetKind_VAR_RESET, on)
			}
		}
		return
	}
	if m := setConfigTimeout.FindStringSubmatch(r.raw.Text[r.raw.Start-r.raw.Base:]); m != nil && n.GetSelectStmt() != nil {
		for _, t := range both {
			t.setTimeout(strings.EqualFold(m[2], "true"), !zeroSetting(m[1]))
		}
		return
	}
	table, what, lock := r.lockTaken()
	taken := []tableLock{{table, what, lock}}
	if what == "TRUNCATE" || what == "LOCK TABLE" {
		taken = nil
		for _, t := range r.listed() { // each table the statement names, in its order
			taken = append(taken, tableLock{t, what, lock})
		}
	}
	for _, ref := range r.referenced() {
		if ref.table != table {
			taken = append(taken, ref)
		}
	}
	for _, l := range taken {
		if l.table == "" || r.s.Tables[l.table] == nil || sess.created[l.table] || r.src.Init {
			continue
		}
		lock := &LockingDDL{
			Table: l.table, Loc: r.src.Loc(r.raw.Start), What: l.what, Lock: l.lock,
			FromGo: r.src.FromGo, LockTimeout: tx.timeout(), Tx: tx.id, Held: tx.exclusive[l.table],
			Apart: TxView{LockTimeout: apart.timeout(), Held: apart.exclusive[l.table]},
		}
		if made := r.s.Tables[l.table].Loc.File; !r.src.FromGo && made != "" && writtenTogether(made, r.src.Path) {
			lock.WrittenWith = made
		}
		if apart.explicit {
			lock.Apart.Tx = apart.begins
		}
		r.s.Locks = append(r.s.Locks, lock)
		if l.lock == "ACCESS EXCLUSIVE" {
			tx.exclusive[l.table], apart.exclusive[l.table] = true, true
		}
	}
	// A table renamed is the same relation: the lock the transaction holds
	// on it, and its being created in this file, go with the new name (the
	// replay renames the locks recorded so far, see rename).
	if rn := n.GetRenameStmt(); rn != nil && rn.GetRenameType() == pg.ObjectType_OBJECT_TABLE {
		if old := r.lookupName(rn.GetRelation().GetSchemaname(), rn.GetRelation().GetRelname()); r.s.Tables[old] != nil {
			schema, _, _ := strings.Cut(old, ".")
			renamed := QualifiedName(schema, rn.GetNewname())
			tx.exclusive[renamed], sess.created[renamed] = tx.exclusive[old], sess.created[old]
			apart.exclusive[renamed] = apart.exclusive[old]
			delete(tx.exclusive, old)
			delete(apart.exclusive, old)
			delete(sess.created, old)
		}
	}
}

// A tableLock is a lock a statement takes on one table.
type tableLock struct{ table, what, lock string }

// referenced is the locks a statement's new foreign keys take on the
// tables they reference: CREATE TABLE with REFERENCES, and ALTER TABLE's
// ADD CONSTRAINT ... FOREIGN KEY or ADD COLUMN ... REFERENCES (NOT VALID
// too) hold the referenced table in SHARE ROW EXCLUSIVE mode, to create
// the triggers that enforce the key there.
func (r replayer) referenced() []tableLock {
	n := r.raw.Node
	var owner *pg.RangeVar
	var cons []*pg.Constraint
	addColumn := func(def *pg.ColumnDef) {
		for _, c := range def.GetConstraints() {
			cons = append(cons, c.GetConstraint())
		}
	}
	switch {
	case n.GetCreateStmt() != nil:
		owner = n.GetCreateStmt().GetRelation()
		for _, elt := range n.GetCreateStmt().GetTableElts() {
			if def := elt.GetColumnDef(); def != nil {
				addColumn(def)
			}
			if c := elt.GetConstraint(); c != nil {
				cons = append(cons, c)
			}
		}
	case n.GetAlterTableStmt() != nil && n.GetAlterTableStmt().GetObjtype() == pg.ObjectType_OBJECT_TABLE:
		owner = n.GetAlterTableStmt().GetRelation()
		for _, c := range n.GetAlterTableStmt().GetCmds() {
			cmd := c.GetAlterTableCmd()
			switch cmd.GetSubtype() {
			case pg.AlterTableType_AT_AddConstraint:
				cons = append(cons, cmd.GetDef().GetConstraint())
			case pg.AlterTableType_AT_AddColumn:
				addColumn(cmd.GetDef().GetColumnDef())
			}
		}
	}
	var out []tableLock
	for _, c := range cons {
		if c.GetContype() == pg.ConstrType_CONSTR_FOREIGN {
			out = append(out, tableLock{r.rangeVar(c.GetPktable()), "the foreign key of " + owner.GetRelname(), "SHARE ROW EXCLUSIVE"})
		}
	}
	return out
}

// listed is the tables that TRUNCATE and LOCK TABLE name, all of which
// they lock.
func (r replayer) listed() []string {
	rels := r.raw.Node.GetTruncateStmt().GetRelations()
	if l := r.raw.Node.GetLockStmt(); l != nil {
		rels = l.GetRelations()
	}
	var out []string
	for _, n := range rels {
		out = append(out, r.rangeVar(n.GetRangeVar()))
	}
	return out
}

// setConfigTimeout matches SELECT set_config('lock_timeout', 'value',
// is_local).
var setConfigTimeout = regexp.MustCompile(`(?i)^\s*select\s+(?:pg_catalog\.)?set_config\s*\(\s*'lock_timeout'\s*,\s*'([^']*)'\s*(?:,\s*(true|false)\b)?`)

// lockTaken returns the table the statement locks against writers, and the
// statement and lock; "" when it takes no such lock. The locks are those
// PostgreSQL 15 takes (TestLocksMatchPostgreSQL reads them in pg_locks):
// ALTER TABLE, renames, CREATE and DROP INDEX, trigger, policy and rule
// DDL, TRUNCATE, CLUSTER, REINDEX and LOCK TABLE.
func (r replayer) lockTaken() (table, what, lock string) {
	n := r.raw.Node
	switch {
	case n.GetAlterTableStmt() != nil:
		a := n.GetAlterTableStmt()
		if a.GetObjtype() != pg.ObjectType_OBJECT_TABLE {
			return "", "", ""
		}
		lock := ""
		for _, c := range a.GetCmds() {
			if l := alterLock(c.GetAlterTableCmd()); lockRank[l] > lockRank[lock] {
				lock = l
			}
		}
		if lock == "" {
			return "", "", ""
		}
		return r.lookupName(a.GetRelation().GetSchemaname(), a.GetRelation().GetRelname()), "ALTER TABLE", lock
	case n.GetRenameStmt() != nil:
		rn := n.GetRenameStmt()
		what := map[pg.ObjectType]string{
			pg.ObjectType_OBJECT_TABLE: "ALTER TABLE", pg.ObjectType_OBJECT_COLUMN: "ALTER TABLE",
			pg.ObjectType_OBJECT_TABCONSTRAINT: "ALTER TABLE", pg.ObjectType_OBJECT_TRIGGER: "ALTER TRIGGER",
			pg.ObjectType_OBJECT_POLICY: "ALTER POLICY",
		}[rn.GetRenameType()]
		if what == "" {
			return "", "", ""
		}
		return r.lookupName(rn.GetRelation().GetSchemaname(), rn.GetRelation().GetRelname()), what, "ACCESS EXCLUSIVE"
	case n.GetCreatePolicyStmt() != nil:
		return r.rangeVar(n.GetCreatePolicyStmt().GetTable()), "CREATE POLICY", "ACCESS EXCLUSIVE"
	case n.GetAlterPolicyStmt() != nil:
		return r.rangeVar(n.GetAlterPolicyStmt().GetTable()), "ALTER POLICY", "ACCESS EXCLUSIVE"
	case n.GetRuleStmt() != nil:
		return r.rangeVar(n.GetRuleStmt().GetRelation()), "CREATE RULE", "ACCESS EXCLUSIVE"
	case n.GetClusterStmt() != nil:
		return r.rangeVar(n.GetClusterStmt().GetRelation()), "CLUSTER", "ACCESS EXCLUSIVE"
	case n.GetReindexStmt() != nil:
		return r.reindexLock(n.GetReindexStmt())
	case n.GetTruncateStmt() != nil:
		for _, rel := range n.GetTruncateStmt().GetRelations() {
			if t := r.rangeVar(rel.GetRangeVar()); r.s.Tables[t] != nil {
				return t, "TRUNCATE", "ACCESS EXCLUSIVE"
			}
		}
	case n.GetIndexStmt() != nil:
		ix := n.GetIndexStmt()
		if ix.GetConcurrent() {
			return "", "", ""
		}
		return r.lookupName(ix.GetRelation().GetSchemaname(), ix.GetRelation().GetRelname()), "CREATE INDEX", "SHARE"
	case n.GetCreateTrigStmt() != nil:
		ct := n.GetCreateTrigStmt()
		return r.lookupName(ct.GetRelation().GetSchemaname(), ct.GetRelation().GetRelname()), "CREATE TRIGGER", "SHARE ROW EXCLUSIVE"
	case n.GetDropStmt() != nil:
		return r.dropLock(n.GetDropStmt())
	case n.GetLockStmt() != nil:
		return r.explicitLock(n.GetLockStmt())
	}
	return "", "", ""
}

// rangeVar is the qualified name of the table a statement names.
func (r replayer) rangeVar(rv *pg.RangeVar) string {
	return r.lookupName(rv.GetSchemaname(), rv.GetRelname())
}

// reindexLock is lockTaken for REINDEX TABLE and REINDEX INDEX without
// CONCURRENTLY: both hold the table in SHARE mode while they rebuild.
func (r replayer) reindexLock(ri *pg.ReindexStmt) (table, what, lock string) {
	for _, p := range ri.GetParams() {
		if d := p.GetDefElem(); d != nil && strings.EqualFold(d.GetDefname(), "concurrently") && !falseOption(d) {
			return "", "", ""
		}
	}
	switch ri.GetKind() {
	case pg.ReindexObjectType_REINDEX_OBJECT_TABLE:
		return r.rangeVar(ri.GetRelation()), "REINDEX", "SHARE"
	case pg.ReindexObjectType_REINDEX_OBJECT_INDEX:
		name := ri.GetRelation().GetRelname()
		for _, t := range r.s.tablesIn(r.indexSchema(ri.GetRelation().GetSchemaname(), name)) {
			for _, idx := range t.Indexes {
				if idx.Name == name {
					return t.Name, "REINDEX", "SHARE"
				}
			}
		}
	}
	return "", "", ""
}

// falseOption reports whether a boolean option of a parenthesised list is
// turned off: (CONCURRENTLY false), (CONCURRENTLY off), (CONCURRENTLY 0).
func falseOption(d *pg.DefElem) bool {
	if d.GetArg() == nil {
		return false
	}
	v := strings.ToLower(constText(d.GetArg()))
	if s := d.GetArg().GetString_(); s != nil {
		v = strings.ToLower(s.GetSval())
	}
	return v == "false" || v == "off" || v == "0"
}

// explicitLock is lockTaken for LOCK TABLE in a mode that conflicts with
// ROW EXCLUSIVE (SHARE and stronger; ACCESS EXCLUSIVE when no mode is
// given): the first table it names that an earlier source created
// (recordLock records each of them).
func (r replayer) explicitLock(l *pg.LockStmt) (table, what, lock string) {
	// The modes' numbers are PostgreSQL's (lockdefs.h): 5 SHARE, 6 SHARE ROW
	// EXCLUSIVE, 7 EXCLUSIVE, 8 ACCESS EXCLUSIVE.
	lock = map[int32]string{5: "SHARE", 6: "SHARE ROW EXCLUSIVE", 7: "EXCLUSIVE", 8: "ACCESS EXCLUSIVE"}[l.GetMode()]
	if lock == "" {
		return "", "", ""
	}
	for _, n := range l.GetRelations() {
		rel := n.GetRangeVar()
		if t := r.lookupName(rel.GetSchemaname(), rel.GetRelname()); r.s.Tables[t] != nil {
			return t, "LOCK TABLE", lock
		}
	}
	return "", "", ""
}

// dropLock is lockTaken for DROP TRIGGER and DROP INDEX (without
// CONCURRENTLY): the first object of the statement that names a table.
// DROP TRIGGER IF EXISTS locks the table only when the trigger is one an
// earlier statement created on it.
func (r replayer) dropLock(d *pg.DropStmt) (table, what, lock string) {
	for _, obj := range d.GetObjects() {
		var names []string
		for _, item := range obj.GetList().GetItems() {
			names = append(names, item.GetString_().GetSval())
		}
		switch {
		case d.GetRemoveType() == pg.ObjectType_OBJECT_TRIGGER && len(names) >= 2:
			schema := ""
			if len(names) > 2 {
				schema = names[len(names)-3]
			}
			table := r.lookupName(schema, names[len(names)-2])
			if d.GetMissingOk() && !r.s.hasTrigger(table, names[len(names)-1]) {
				// PostgreSQL takes the table's ACCESS EXCLUSIVE lock only
				// to drop a trigger it found; looking it up takes a
				// passing ACCESS SHARE. A trigger the replay has not seen
				// created may well be absent, as IF EXISTS allows: no
				// lock is recorded rather than a guess that it waits.
				return "", "", ""
			}
			return table, "DROP TRIGGER", "ACCESS EXCLUSIVE"
		case (d.GetRemoveType() == pg.ObjectType_OBJECT_POLICY || d.GetRemoveType() == pg.ObjectType_OBJECT_RULE) && len(names) >= 2:
			if d.GetMissingOk() {
				// The replay does not follow policies and rules: one that
				// is not there takes no lock, as with triggers.
				return "", "", ""
			}
			schema := ""
			if len(names) > 2 {
				schema = names[len(names)-3]
			}
			what := "DROP POLICY"
			if d.GetRemoveType() == pg.ObjectType_OBJECT_RULE {
				what = "DROP RULE"
			}
			return r.lookupName(schema, names[len(names)-2]), what, "ACCESS EXCLUSIVE"
		case d.GetRemoveType() == pg.ObjectType_OBJECT_INDEX && !d.GetConcurrent() && len(names) >= 1:
			schema, name := "", names[len(names)-1]
			if len(names) > 1 {
				schema = names[len(names)-2]
			}
			for _, t := range r.s.tablesIn(r.indexSchema(schema, name)) {
				for _, idx := range t.Indexes {
					if idx.Name == name {
						return t.Name, "DROP INDEX", "ACCESS EXCLUSIVE"
					}
				}
			}
		}
	}
	return "", "", ""
}

var lockRank = map[string]int{"": 0, "SHARE": 1, "SHARE ROW EXCLUSIVE": 2, "EXCLUSIVE": 3, "ACCESS EXCLUSIVE": 4}

// alterLock is the lock an ALTER TABLE subcommand takes, when it conflicts
// with writers. Those that take SHARE UPDATE EXCLUSIVE (SET STATISTICS,
// VALIDATE CONSTRAINT, SET (storage parameter), CLUSTER ON, SET WITHOUT
// CLUSTER, ATTACH PARTITION on the parent, column options) let the queue
// run and are left out; so is anything unknown.
func alterLock(cmd *pg.AlterTableCmd) string {
	if cmd == nil {
		return ""
	}
	switch cmd.GetSubtype() {
	case pg.AlterTableType_AT_SetRelOptions, pg.AlterTableType_AT_ResetRelOptions:
		// A table's storage parameters take SHARE UPDATE EXCLUSIVE
		// (fillfactor, autovacuum_*, toast_tuple_target,
		// parallel_workers), user_catalog_table ACCESS EXCLUSIVE.
		for _, o := range cmd.GetDef().GetList().GetItems() {
			if strings.EqualFold(o.GetDefElem().GetDefname(), "user_catalog_table") {
				return "ACCESS EXCLUSIVE"
			}
		}
		return ""
	case pg.AlterTableType_AT_SetStatistics, pg.AlterTableType_AT_ValidateConstraint,
		pg.AlterTableType_AT_ClusterOn, pg.AlterTableType_AT_DropCluster,
		pg.AlterTableType_AT_AttachPartition, pg.AlterTableType_AT_DetachPartitionFinalize,
		pg.AlterTableType_AT_SetOptions, pg.AlterTableType_AT_ResetOptions:
		return ""
	case pg.AlterTableType_AT_DetachPartition:
		if cmd.GetDef().GetPartitionCmd().GetConcurrent() {
			return ""
		}
		return "ACCESS EXCLUSIVE"
	case pg.AlterTableType_AT_AddConstraint:
		if c := cmd.GetDef().GetConstraint(); c != nil && c.GetContype() == pg.ConstrType_CONSTR_FOREIGN {
			return "SHARE ROW EXCLUSIVE"
		}
		return "ACCESS EXCLUSIVE"
	case pg.AlterTableType_AT_EnableTrig, pg.AlterTableType_AT_EnableAlwaysTrig, pg.AlterTableType_AT_EnableReplicaTrig,
		pg.AlterTableType_AT_DisableTrig, pg.AlterTableType_AT_EnableTrigAll, pg.AlterTableType_AT_DisableTrigAll,
		pg.AlterTableType_AT_EnableTrigUser, pg.AlterTableType_AT_DisableTrigUser:
		return "SHARE ROW EXCLUSIVE"
	}
	return "ACCESS EXCLUSIVE"
}

// constText is the text of a SET argument: 5000, '5s'.
func constText(n *pg.Node) string {
	c := n.GetAConst()
	if c == nil {
		return ""
	}
	if s := c.GetSval(); s != nil {
		return s.GetSval()
	}
	if i := c.GetIval(); i != nil {
		return strconv.Itoa(int(i.GetIval()))
	}
	return ""
}

// zeroSetting reports whether a lock_timeout value turns the timeout off
// (0, '0', '0ms', '0s').
func zeroSetting(v string) bool {
	v = strings.TrimSpace(v)
	num := strings.TrimRight(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ")
	f, err := strconv.ParseFloat(num, 64)
	return err == nil && f == 0
}

// hasTrigger reports whether a trigger of that name was created on the
// table and not dropped since.
func (s *Schema) hasTrigger(table, name string) bool {
	for _, t := range s.Triggers {
		if t.Table == table && t.Name == name {
			return true
		}
	}
	return false
}
