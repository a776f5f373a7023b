module example.com/docsrelay

go 1.22
