module example.com/wiretx

go 1.22
