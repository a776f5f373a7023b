module example.com/docs

go 1.22
