package store

import _ "github.com/lib/pq"
