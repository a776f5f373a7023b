module example.com/ok_tickerreclaimmod

go 1.22
