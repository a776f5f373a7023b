module example.com/wire

go 1.22
