package main

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
	"github.com/jobqlint/jobqlint/reference/examplejobs"
	"github.com/jobqlint/jobqlint/reference/queue"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// The command lists, cancels and retries jobs.
func TestListCancelRetry(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.DSN(t)
	pool, err := pgxpool.New(ctx, dsn)
	require.NoError(t, err)
	defer pool.Close()
	require.NoError(t, queue.Migrate(ctx, pool))
	require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := queue.EnqueueMany(ctx, tx, []queue.Insert{
			{Args: examplejobs.SendEmail{To: "ann@example.com"}},
			{Args: examplejobs.ChargeSubscription{SubscriptionID: 1}},
		})
		return err
	}))
	jobs := func(args ...string) string {
		var out bytes.Buffer
		require.NoError(t, run(ctx, append([]string{"-dsn", dsn}, args...), &out))
		return out.String()
	}

	require.Regexp(t, `(?m)^1 +default +send_email +available +0/25 `, jobs("list"))
	require.Regexp(t, `(?m)^2 +default +charge_subscription +available `, jobs("list"))
	require.Equal(t, "job 2 cancelled\n", jobs("cancel", "2"))
	failed := jobs("list", "-state", "failed")
	require.Regexp(t, `(?m)^2 +default +charge_subscription +failed +0/25 .* cancelled by an operator$`, failed)
	require.NotRegexp(t, `(?m)^1 `, failed)
	require.Equal(t, "job 2 retried\n", jobs("retry", "-attempts", "3", "2"))
	require.Regexp(t, `(?m)^2 +default +charge_subscription +available +0/3 `, jobs("list", "-kind", "charge_subscription"))

	var out bytes.Buffer
	require.ErrorContains(t, run(ctx, []string{"-dsn", dsn, "cancel", "99"}, &out), "no such job")
}
