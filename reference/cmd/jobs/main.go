// Command jobs is the reference queue's tool for the person on call: it
// lists jobs by state, kind, queue and age, retries failed ones with more
// attempts, and cancels waiting or running ones (queue.List, queue.Retry,
// queue.Cancel).
//
//	jobs -dsn postgres://... list [-state failed] [-kind charge_subscription] [-queue default] [-older 1h] [-limit 100]
//	jobs -dsn postgres://... retry [-attempts 5] ID...
//	jobs -dsn postgres://... cancel ID...
//
// -dsn defaults to DATABASE_URL.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/jobqlint/jobqlint/reference/queue"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "jobs:", err)
		os.Exit(1)
	}
}

const usage = "usage: jobs [-dsn DSN] list|retry|cancel [flags] [ID...]"

func run(ctx context.Context, args []string, out io.Writer) error {
	global := flag.NewFlagSet("jobs", flag.ContinueOnError)
	dsn := global.String("dsn", os.Getenv("DATABASE_URL"), "PostgreSQL connection string [DATABASE_URL]")
	if err := global.Parse(args); err != nil {
		return err
	}
	if global.NArg() == 0 {
		return errors.New(usage)
	}
	if *dsn == "" {
		return errors.New("no database: set -dsn or DATABASE_URL")
	}
	pool, err := pgxpool.New(ctx, *dsn)
	if err != nil {
		return err
	}
	defer pool.Close()

	cmd, rest := global.Arg(0), global.Args()[1:]
	fs := flag.NewFlagSet("jobs "+cmd, flag.ContinueOnError)
	switch cmd {
	case "list":
		var f queue.ListFilter
		fs.StringVar(&f.State, "state", "", "available, running, succeeded or failed")
		fs.StringVar(&f.Kind, "kind", "", "the job kind")
		fs.StringVar(&f.Queue, "queue", "", "the queue")
		fs.DurationVar(&f.OlderThan, "older", 0, "enqueued more than this long ago")
		fs.IntVar(&f.Limit, "limit", 100, "at most this many, oldest first")
		if err := fs.Parse(rest); err != nil {
			return err
		}
		jobs, err := queue.List(ctx, pool, f)
		if err != nil {
			return err
		}
		return printJobs(out, jobs)
	case "retry":
		attempts := fs.Int("attempts", 5, "attempts to give each job")
		if err := fs.Parse(rest); err != nil {
			return err
		}
		return eachID(fs.Args(), out, "retried", func(id int64) error { return queue.Retry(ctx, pool, id, *attempts) })
	case "cancel":
		if err := fs.Parse(rest); err != nil {
			return err
		}
		return eachID(fs.Args(), out, "cancelled", func(id int64) error { return queue.Cancel(ctx, pool, id) })
	}
	return fmt.Errorf("unknown command %q; %s", cmd, usage)
}

// eachID applies do to every job ID, reporting each, and fails if one did.
func eachID(args []string, out io.Writer, done string, do func(int64) error) error {
	if len(args) == 0 {
		return errors.New("no job ID")
	}
	var errs []error
	for _, a := range args {
		id, err := strconv.ParseInt(a, 10, 64)
		if err == nil {
			err = do(id)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("job %s: %w", a, err))
			continue
		}
		fmt.Fprintf(out, "job %d %s\n", id, done)
	}
	return errors.Join(errs...)
}

func printJobs(out io.Writer, jobs []queue.JobInfo) error {
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tQUEUE\tKIND\tSTATE\tATTEMPTS\tAGE\tLAST ERROR")
	for _, j := range jobs {
		lastErr := ""
		if j.LastError != nil {
			lastErr, _, _ = strings.Cut(*j.LastError, "\n")
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d/%d\t%s\t%s\n", j.ID, j.Queue, j.Kind, j.State, j.Attempts, j.MaxAttempts,
			time.Since(j.CreatedAt).Round(time.Second), lastErr)
	}
	return tw.Flush()
}
