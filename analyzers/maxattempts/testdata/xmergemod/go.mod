module example.com/xmerge

go 1.22
