module example.com/reaperownmod

go 1.22
