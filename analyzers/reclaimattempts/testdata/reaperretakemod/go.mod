module example.com/reaperretakemod

go 1.22
