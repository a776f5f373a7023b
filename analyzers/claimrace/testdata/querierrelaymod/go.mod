module example.com/querierrelay

go 1.22
