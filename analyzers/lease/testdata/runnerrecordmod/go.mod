module example.com/runnerrecord

go 1.22
