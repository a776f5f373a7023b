package committxstmt

import "database/sql"

func process() {}

type store struct {
	db    *sql.DB
	claim *sql.Stmt
}

func commitFirst(s *store) {
	tx, _ := s.db.Begin()
	tx.Stmt(s.claim).Exec("claim") // want `commits first=true`
	tx.Commit()
	process()
}

func commitLate(s *store, run func()) {
	tx, _ := s.db.Begin()
	tx.Stmt(s.claim).Exec("claim") // want `commits first=false`
	run()
	tx.Commit()
}

func otherTransaction(s *store, run func()) {
	tx, _ := s.db.Begin()
	other, _ := s.db.Begin()
	tx.Stmt(s.claim).Exec("claim") // want `commits first=false`
	other.Commit()
	run()
	tx.Commit()
}
