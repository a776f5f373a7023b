module example.com/reapermod

go 1.22
