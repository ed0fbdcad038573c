// Package webui embeds the built web UI. Vite writes the app to dist/app;
// dist/index.html is a committed placeholder, served when the UI has not
// been built, that says how to build it. So a plain `go build` works on a
// machine without Node.
package webui

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// FS returns the files to serve at /: the built app when there is one,
// otherwise the placeholder.
func FS() fs.FS {
	if app, err := fs.Sub(dist, "dist/app"); err == nil {
		if _, err := fs.Stat(app, "index.html"); err == nil {
			return app
		}
	}
	placeholder, _ := fs.Sub(dist, "dist")
	return placeholder
}

// Built reports whether the binary carries the built app.
func Built() bool {
	_, err := fs.Stat(dist, "dist/app/index.html")
	return err == nil
}
