module example.com/platform

go 1.22
