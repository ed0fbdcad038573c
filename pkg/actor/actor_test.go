package actor

import (
	"context"
	"errors"
	"testing"
)

func TestFrom(t *testing.T) {
	if _, err := From(context.Background()); !errors.Is(err, ErrNone) {
		t.Fatalf("no actor: err = %v, want ErrNone", err)
	}
	if _, err := From(With(context.Background(), Actor{})); !errors.Is(err, ErrNone) {
		t.Fatalf("actor without an id: err = %v, want ErrNone", err)
	}
	got, err := From(With(context.Background(), Shared))
	if err != nil || got != Shared {
		t.Fatalf("From = %+v, %v; want %+v", got, err, Shared)
	}
}
