module example.com/okreaperothermod

go 1.22
