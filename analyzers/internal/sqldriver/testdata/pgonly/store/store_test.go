package store

// Tests may run on SQLite: the program does not.
import _ "modernc.org/sqlite"
