module example.com/deadreclaimmod

go 1.22
