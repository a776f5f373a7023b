module ormshop

go 1.22
