module example.com/sqlcstyle

go 1.22
