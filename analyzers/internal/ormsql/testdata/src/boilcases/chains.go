// Package boilcases holds sqlboiler calls whose SQL the reader rebuilds;
// the test builds the same queries with the real sqlboiler and compares.
package boilcases

import (
	"context"
	"database/sql"
	"time"

	"github.com/volatiletech/null/v8"
	"github.com/volatiletech/sqlboiler/v4/boil"
	"github.com/volatiletech/sqlboiler/v4/queries/qm"
	"github.com/volatiletech/sqlboiler/v4/queries/qmhelper"

	"boilcases/models"
	"boilcases/mysqlmodels"
)

func SelectClaim(ctx context.Context, tx *sql.Tx) {
	models.OutboxJobs(
		models.OutboxJobWhere.Status.EQ("queued"),
		qm.OrderBy("run_at"),
		qm.Limit(10),
		qm.For("UPDATE SKIP LOCKED"),
	).All(ctx, tx)
}

func SelectDue(ctx context.Context, db *sql.DB) {
	models.OutboxJobs(models.OutboxJobWhere.RunAt.LT(time.Now())).All(ctx, db)
}

func SelectOne(ctx context.Context, exec boil.ContextExecutor) {
	models.OutboxJobs(qm.Where("status = ? AND attempts < ?", "failed", 5), qm.Or("status = ?", "queued"), qm.Limit(7)).One(ctx, exec)
}

func SelectHelpers(ctx context.Context, exec boil.ContextExecutor) {
	models.OutboxJobs(
		models.OutboxJobWhere.LockedBy.IsNull(),
		models.OutboxJobWhere.Status.NEQ("done"),
		models.OutboxJobWhere.LockedBy.EQ(null.StringFrom("w1")),
		qmhelper.Where("\"outbox_jobs\".\"attempts\"", qmhelper.GTE, 3),
		qm.Load("Owner"),
		qm.Select(models.OutboxJobColumns.ID, "status"),
		qm.Offset(4),
	).All(ctx, exec)
}

func SelectMods(ctx context.Context, exec boil.ContextExecutor) {
	mods := []qm.QueryMod{
		models.OutboxJobWhere.Status.EQ("queued"),
		qm.For("UPDATE"),
	}
	mods = append(mods, qm.Limit(2))
	models.OutboxJobs(mods...).All(ctx, exec)
}

func UpdateAll(ctx context.Context, tx *sql.Tx) {
	models.OutboxJobs(models.OutboxJobWhere.Status.EQ("running"), models.OutboxJobWhere.RunAt.LT(time.Now())).
		UpdateAll(ctx, tx, models.M{"status": "queued", "locked_by": nil})
}

func DeleteAll(ctx context.Context, db *sql.DB) {
	models.OutboxJobs(models.OutboxJobWhere.Status.EQ("done")).DeleteAll(ctx, db)
}

func UpdateInfer(ctx context.Context, tx *sql.Tx, j *models.OutboxJob) {
	j.Status = "running"
	j.Update(ctx, tx, boil.Infer())
}

func UpdateWhitelist(ctx context.Context, exec boil.ContextExecutor, j *models.OutboxJob) {
	j.Update(ctx, exec, boil.Whitelist(models.OutboxJobColumns.Status, "locked_by"))
}

func DeleteModel(ctx context.Context, exec boil.ContextExecutor, j *models.OutboxJob) {
	j.Delete(ctx, exec)
}

// Unread: a nullable column compared with a value that may be null, a
// query held and changed, columns from a variable.

func UnreadNullable(ctx context.Context, exec boil.ContextExecutor, who null.String) {
	models.OutboxJobs(models.OutboxJobWhere.LockedBy.EQ(who)).All(ctx, exec)
}

func UnreadBlacklist(ctx context.Context, exec boil.ContextExecutor, j *models.OutboxJob) {
	j.Update(ctx, exec, boil.Blacklist("status"))
}

func UnreadLimit(ctx context.Context, exec boil.ContextExecutor, n int) {
	models.OutboxJobs(qm.Limit(n)).All(ctx, exec)
}

func UnreadMods(ctx context.Context, exec boil.ContextExecutor, mods []qm.QueryMod) {
	models.OutboxJobs(mods...).All(ctx, exec)
}

func UnreadShared(ctx context.Context, exec boil.ContextExecutor) {
	q := models.OutboxJobs(models.OutboxJobWhere.Status.EQ("queued"))
	q.One(ctx, exec)
	q.All(ctx, exec)
}

func SoftDeleted(ctx context.Context, exec boil.ContextExecutor) {
	models.SoftJobs(qm.Where("status = ?", "queued")).All(ctx, exec)
}

func SoftWithDeleted(ctx context.Context, exec boil.ContextExecutor) {
	models.SoftJobs(qm.Where("status = ?", "queued"), qm.WithDeleted()).All(ctx, exec)
}

// A status stored on one branch only is not what every Update binds.
func UpdateBranch(ctx context.Context, exec boil.ContextExecutor, j *models.OutboxJob, failed bool) {
	if failed {
		j.Status = "failed"
	}
	j.Update(ctx, exec, boil.Whitelist("status"))
}

func UnreadModsChanged(ctx context.Context, exec boil.ContextExecutor, s string) {
	mods := []qm.QueryMod{models.OutboxJobWhere.Status.EQ("queued")}
	mods[0] = models.OutboxJobWhere.Status.EQ(s)
	models.OutboxJobs(mods...).All(ctx, exec)
}

func UnreadMySQL(ctx context.Context, exec boil.ContextExecutor) {
	mysqlmodels.Builds(mysqlmodels.BuildWhere.Status.EQ("queued"), qm.For("UPDATE")).All(ctx, exec)
}
