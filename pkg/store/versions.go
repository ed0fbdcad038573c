package store

import (
	"context"
	"sync/atomic"
)

// List names a list whose data version the store keeps. Every
// write that can change what a list returns, its counts and embedded names
// included, bumps the list's version in the write's own transaction, so a
// reader that sees an unchanged version may serve what it built before.
type List uint8

// The versioned lists, one per cached GET endpoint.
const (
	ThemesList List = iota
	QuestionsList
	ContentList
	AudiencesList
	VehiclesList
	CommunicationsList
	CampaignsList
	// ActivityList is the recent activity (store.ListActivity), which the
	// Dashboard shows: every write it lists moves it.
	ActivityList
	// BlackoutsList is the blackout periods, which the schedule's warnings
	// read.
	BlackoutsList
	// InsidersList is who is an insider of which confidential record: it
	// moves what people may see (Store.ViewKey), not what a list holds.
	InsidersList
	// NumLists counts the lists above.
	NumLists
)

// Lists are every versioned list, in order.
var Lists = func() []List {
	out := make([]List, NumLists)
	for i := range out {
		out[i] = List(i)
	}
	return out
}()

var listNames = [NumLists]string{"themes", "questions", "content", "audiences", "vehicles", "communications", "campaigns", "activity", "blackouts", "insiders"}

// String is the list's name, as kept in the data_versions table.
func (l List) String() string {
	if l >= NumLists {
		return "unknown"
	}
	return listNames[l]
}

// versionsOnceKey marks a context whose reads of the data versions share
// one read (OnceVersions).
type versionsOnceKey struct{}

// VersionsOnce holds the one read of the data versions a context shares.
// A backend keeps its read in Value (safe for concurrent use).
type VersionsOnce struct {
	// Value is the backend's read, empty before the first.
	Value atomic.Value
}

// OnceVersions returns ctx whose reads of the data versions (DataVersion,
// FilterVersion, QuestionVersion, and ViewKey's own) all answer from the
// first one: a read-only request reads them once, however many it needs
// (a cached list reads its list's version and the insiders'). A request
// that writes must not use it: it would not see its own write's versions.
func OnceVersions(ctx context.Context) context.Context {
	return context.WithValue(ctx, versionsOnceKey{}, &VersionsOnce{})
}

// VersionsOnceOf returns the holder OnceVersions put in ctx, or nil.
func VersionsOnceOf(ctx context.Context) *VersionsOnce {
	h, _ := ctx.Value(versionsOnceKey{}).(*VersionsOnce)
	return h
}
