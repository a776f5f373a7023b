module example.com/unreachedbodymod

go 1.22
