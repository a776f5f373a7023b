package store

// A library registers the driver only in its tests.
import _ "github.com/lib/pq"
