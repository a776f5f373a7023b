module example.com/spread

go 1.22
