module example.com/ok_libreclaimmod

go 1.22
