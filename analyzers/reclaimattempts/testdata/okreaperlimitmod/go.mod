module example.com/okreaperlimitmod

go 1.22
