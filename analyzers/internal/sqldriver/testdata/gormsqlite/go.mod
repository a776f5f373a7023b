module example.com/gormsqlite

go 1.26
