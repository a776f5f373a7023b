module example.com/docsrunner

go 1.22
