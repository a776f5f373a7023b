module example.com/xstates

go 1.22
