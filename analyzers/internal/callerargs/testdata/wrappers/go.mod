module example.com/wrappers

go 1.22
