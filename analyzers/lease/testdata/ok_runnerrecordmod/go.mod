module example.com/okrunnerrecord

go 1.22
