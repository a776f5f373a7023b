module example.com/literalrecord

go 1.22

require github.com/jmoiron/sqlx v1.4.0

replace github.com/jmoiron/sqlx => ./third_party/sqlx
