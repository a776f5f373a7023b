module example.com/auditstamp

go 1.22
