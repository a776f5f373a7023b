package store

// The tests run on SQLite.
import _ "modernc.org/sqlite"
