module example.com/okfullrowrecord

go 1.22
