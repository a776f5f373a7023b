package autocommit_db

import "context"

type Worker struct {
	repo *Repo
	post func(ctx context.Context, url string) error
}

func (w *Worker) once(ctx context.Context) error {
	ds, err := w.repo.Pending(ctx, 50)
	if err != nil {
		return err
	}
	for _, d := range ds {
		w.deliver(ctx, d)
	}
	return nil
}

func (w *Worker) deliver(ctx context.Context, d Delivery) {
	if err := w.post(ctx, d.URL); err != nil {
		_ = w.repo.Failed(ctx, d.ID, false)
		return
	}
	_ = w.repo.Succeeded(ctx, d.ID)
}
