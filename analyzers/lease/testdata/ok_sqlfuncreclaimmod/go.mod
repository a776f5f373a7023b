module example.com/ok_sqlfuncreclaimmod

go 1.22
