package store

// List names a list whose data version the store keeps (issue 15). Every
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
