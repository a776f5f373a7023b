module example.com/fullrowrecord

go 1.22
