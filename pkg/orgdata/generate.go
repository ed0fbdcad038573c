package orgdata

//go:generate go run ./internal/gen -src source.yaml -o data/dataset.json
