module example.com/okfieldoutcome

go 1.22
