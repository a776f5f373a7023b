module example.com/callerstate

go 1.22
