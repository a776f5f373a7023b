module example.com/okpolledrecord

go 1.22
