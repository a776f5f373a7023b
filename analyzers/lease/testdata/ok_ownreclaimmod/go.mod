module example.com/ok_ownreclaimmod

go 1.22
