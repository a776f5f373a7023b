module example.com/ok_methodvaluemod

go 1.22
