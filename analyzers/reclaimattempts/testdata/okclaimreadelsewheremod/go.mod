module example.com/okclaimreadelsewheremod

go 1.22
