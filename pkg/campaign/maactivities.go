package campaign

// MAActivity is an activity an M&A integration adds on top of the phase
// activities: a specialised activity tied to maturity phases, or a
// pre-acquisition phase's activity. The scheduler previews the ones its
// selection includes before generating (spec 02 §2.7).
type MAActivity struct {
	Title    string `json:"title"`
	Priority string `json:"priority"`
	// MaturityPhases include a specialised activity when any is selected.
	MaturityPhases []string `json:"maturityPhases,omitempty"`
	// PreAcquisitionPhase includes a pre-acquisition activity when that
	// phase is selected (and the pre-acquisition maturity phase is).
	PreAcquisitionPhase string `json:"preAcquisitionPhase,omitempty"`
}

// MAActivities lists the catalogue's M&A activities in the generator's
// order: the specialised ones, then each pre-acquisition phase's.
func MAActivities() []MAActivity {
	c := loadCatalogue()
	out := []MAActivity{}
	for _, e := range c.Merger {
		out = append(out, MAActivity{Title: e.Title, Priority: e.Priority, MaturityPhases: append([]string(nil), e.Maturity...)})
	}
	for i, ph := range preAcquisitionPhases {
		for _, e := range c.PreAcquistion[ph.ID] {
			out = append(out, MAActivity{Title: e.Title, Priority: PreAcquisitionPriority(i), PreAcquisitionPhase: ph.ID})
		}
	}
	return out
}
