// Package ifdoc implements ifqueue.Store on a document database: it claims
// there, out of the tool's sight.
package ifdoc

import (
	"context"

	"example.com/docdb"

	"ifqueue"
)

type Store struct{ Client *docdb.Client }

var _ ifqueue.Store = (*Store)(nil)

func (s *Store) Dequeue(ctx context.Context) (*ifqueue.Job, error) {
	doc, err := s.Client.FindOneAndUpdate(ctx, docdb.Doc{"status": "queued"}, docdb.Doc{"$set": docdb.Doc{"status": "running"}})
	if err != nil || doc == nil {
		return nil, err
	}
	id, _ := doc["id"].(int64)
	return &ifqueue.Job{ID: id}, nil
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	return s.Client.UpdateOne(ctx, docdb.Doc{"id": id}, docdb.Doc{"$set": docdb.Doc{"status": "done"}})
}
