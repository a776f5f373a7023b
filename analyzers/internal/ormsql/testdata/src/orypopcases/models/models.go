// Package models declares models in a package of their own, as
// applications do: their tables reach the package that queries them
// through facts.
package models

import (
	"context"
	"os"
)

type Message struct {
	ID     string `db:"id"`
	Status int    `db:"status"`
	Body   string `db:"body"`
}

func (Message) TableName(ctx context.Context) string { return "courier_messages" } // want TableName:"table name courier_messages"

// Tenant's table depends on the environment: no constant.
type Tenant struct {
	ID int `db:"id"`
}

func (Tenant) TableName() string { return os.Getenv("TENANT_TABLE") }
