package main

import (
	_ "github.com/lib/pq"
	_ "github.com/mattn/go-sqlite3"
)

func main() {}
