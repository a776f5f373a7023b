// A repository over the Queries its constructor is given, and a service
// over the repository's interface: what the statements run on is decided
// by the command that builds them.
package relaysvc

import (
	"context"
	"errors"
	"fmt"

	"relaydb"
)

type Event struct {
	ID   int64
	Body []byte
}

type Repository struct{ q *relaydb.Queries }

func NewRepository(q *relaydb.Queries) *Repository { return &Repository{q: q} }

func (r *Repository) Fetch(ctx context.Context, n int32) ([]Event, error) {
	rows, err := r.q.FetchPending(ctx, n)
	if err != nil {
		return nil, fmt.Errorf("fetch: %w", err)
	}
	out := make([]Event, len(rows))
	for i, row := range rows {
		out[i] = Event{ID: row.ID, Body: row.Payload}
	}
	return out, nil
}

func (r *Repository) Sent(ctx context.Context, id int64) error {
	if err := r.q.MarkSent(ctx, id); err != nil {
		return fmt.Errorf("mark: %w", err)
	}
	return nil
}

type Repo interface {
	Fetch(ctx context.Context, n int32) ([]Event, error)
	Sent(ctx context.Context, id int64) error
}

type App struct{ repo Repo }

func NewApp(r Repo) *App { return &App{repo: r} }

func (a *App) Next(ctx context.Context, n int32) ([]Event, error) {
	if n <= 0 {
		return nil, errors.New("n must be positive")
	}
	return a.repo.Fetch(ctx, n)
}

func (a *App) Done(ctx context.Context, id int64) error {
	return a.repo.Sent(ctx, id)
}

// Drain processes a batch, marking each event done after its work.
func (a *App) Drain(ctx context.Context, n int32, process func(Event) error) error {
	events, err := a.Next(ctx, n)
	if err != nil {
		return err
	}
	for _, e := range events {
		if err := process(e); err != nil {
			continue
		}
		if err := a.Done(ctx, e.ID); err != nil {
			return err
		}
	}
	return nil
}
