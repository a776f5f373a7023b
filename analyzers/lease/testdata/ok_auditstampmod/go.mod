module example.com/okauditstamp

go 1.22
