module github.com/jobqlint/jobqlint

go 1.26.8

require (
	github.com/pganalyze/pg_query_go/v5 v5.1.0
	github.com/stretchr/testify v1.12.1
	google.golang.org/protobuf v1.31.0
)

require (
	github.com/google/go-cmp v0.6.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
