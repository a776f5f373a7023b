module example.com/polledrecord

go 1.22
