module example.com/hops

go 1.22
