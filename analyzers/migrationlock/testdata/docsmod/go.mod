module example.com/docsmig

go 1.22
