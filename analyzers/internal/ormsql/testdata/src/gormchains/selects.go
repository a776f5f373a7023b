package gormchains

import (
	"time"

	"gorm.io/gorm"
)

// A Failure is a job row whose outcome a worker writes with Select.
type Failure struct {
	ID        int64
	Status    string
	Error     string
	Attempts  int
	UpdatedAt time.Time
}

// SelectOutcome writes the selected columns from the struct, the empty
// error too.
func SelectOutcome(db *gorm.DB, job Failure) {
	job.Status = "failed"
	db.Model(&job).Select("status", "error", "updated_at").Updates(job)
}

// SelectOutcomeOwn is given the model's own address: the key stays out of
// SET.
func SelectOutcomeOwn(db *gorm.DB, job *Failure) {
	job.Status = "dead"
	db.Model(job).Select("status", "error").Updates(job)
}

func SelectList(db *gorm.DB, job *Failure) {
	db.Model(job).Select([]string{"Status", "Attempts"}).Updates(job)
}

// SelectText: one text with a comma names no column: GORM writes only the
// update time.
func SelectText(db *gorm.DB, job *Failure) {
	db.Model(job).Select("status, error").Updates(job)
}

// SelectStar writes every column of the copy, its key too.
func SelectStar(db *gorm.DB, job Failure) {
	db.Model(&job).Select("*").Updates(job)
}

func SelectStarOmit(db *gorm.DB, job *Failure) {
	db.Model(job).Select("*").Omit("attempts", "updated_at").Updates(job)
}

// OmitLiteral: Omit alone skips zero values.
func OmitLiteral(db *gorm.DB, id int64) {
	db.Model(&Failure{}).Where("id = ?", id).Omit("error").Updates(Failure{Status: "done", Error: "x"})
}

// OmitVar cannot tell the zero fields GORM skips.
func OmitVar(db *gorm.DB, job *Failure) {
	db.Model(job).Omit("error").Updates(job)
}

func SelectMap(db *gorm.DB, id int64) {
	db.Model(&Failure{}).Where("id = ?", id).Select("status", "attempts").Updates(map[string]interface{}{"status": "failed", "error": "boom"})
}

func SelectMapOmitTime(db *gorm.DB, id int64) {
	db.Model(&Failure{}).Where("id = ?", id).Select("status").Omit("updated_at").Updates(map[string]interface{}{"status": "failed"})
}

func SelectUpdate(db *gorm.DB, id int64) {
	db.Model(&Failure{}).Where("id = ?", id).Select("error").Update("status", "failed")
}

func SelectLiteral(db *gorm.DB, id int64) {
	db.Model(&Failure{}).Where("id = ? AND status = ?", id, "running").Select("status", "error").Updates(Failure{Status: "failed"})
}

func SelectColumnsQuery(db *gorm.DB, jobs *[]Failure) {
	db.Select("id", "status").Where("status = ?", "queued").Find(jobs)
}

func SelectTextQuery(db *gorm.DB, jobs *[]Failure) {
	db.Select("id, status").Where("status = ?", "queued").Find(jobs)
}

func SelectWithValues(db *gorm.DB, jobs *[]Failure) {
	db.Select("coalesce(error, ?) AS error", "none").Find(jobs)
}

func OmitQuery(db *gorm.DB, jobs *[]Failure) {
	db.Omit("error").Where("status = ?", "queued").Find(jobs)
}

// SelectOtherPointer: another address than the model's, whose key GORM
// writes when it is another struct.
func SelectOtherPointer(db *gorm.DB, job, other *Failure) {
	db.Model(job).Select("id", "status").Updates(other)
}

// SelectAfterCall: a call given the struct's address between the store
// and the update may change the status.
func SelectAfterCall(db *gorm.DB, job Failure) {
	job.Status = "failed"
	touch(&job)
	db.Model(&job).Select("status", "error").Updates(job)
}

func touch(*Failure) {}

// A Ledger has a column GORM writes on create only: no update writes
// it, even under Select("*").
type Ledger struct {
	ID        int64
	Status    string
	CreatedBy string `gorm:"<-:create"`
}

func SelectCreateOnly(db *gorm.DB, row *Ledger) {
	db.Model(row).Select("*").Updates(row)
}
