package main

import (
	_ "github.com/google/uuid"
	_ "github.com/gorilla/mux"
	_ "github.com/lib/pq"
	_ "github.com/pressly/goose/v3"
	_ "github.com/spf13/cobra"
	_ "github.com/spf13/viper"
	_ "github.com/stretchr/testify/require"
	_ "golang.org/x/net/html"
	_ "gopkg.in/yaml.v3"
	_ "modernc.org/sqlite"
	_ "golang.org/x/term"
)

func main() {}
