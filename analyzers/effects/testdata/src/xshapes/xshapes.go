// Package xshapes calls the helpers of package shapes from another
// package: the resolver reads them from the summaries shapes exports.
package xshapes

import "shapes"

func ShapeQuoteConst() string { return "SELECT id FROM " + shapes.Quote(`we"ird`) }

func ShapeQuoteIdentifierConst() string { return "SELECT 1 FROM " + shapes.QuoteIdentifier("jobs") }

type consumer struct{ queue string }

// NewConsumer is given its queue by code out of sight.
func NewConsumer(queue string) *consumer { return &consumer{queue: queue} }

func (c *consumer) ShapeQuoteIdentifierField() string {
	return `UPDATE ` + shapes.QuoteIdentifier(c.queue) + ` SET locked_until = NULL WHERE id = $1`
}

func (c *consumer) ShapeQuoteField() string {
	return `DELETE FROM ` + shapes.Quote(c.queue) + ` WHERE id = $1`
}

func ShapeSwitchClaim() string {
	return "UPDATE jobs SET state = '" + shapes.StateFor("claim") + "' WHERE id = $1"
}

func ShapeSwitchOther() string {
	return "UPDATE jobs SET state = '" + shapes.StateFor("crash") + "' WHERE id = $1"
}

// An argument out of sight leaves the result a hole that says whose.
func ShapeUnknownArg(name string) string { return "SELECT 1 FROM " + shapes.QuoteIdentifier(name) }

func ShapeQualified() string { return "SELECT 1 FROM " + shapes.Qualified("jobs") }
