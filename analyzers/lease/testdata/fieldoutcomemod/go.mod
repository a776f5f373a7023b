module example.com/fieldoutcome

go 1.22
