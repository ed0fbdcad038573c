package campaign

import (
	"strconv"

	"github.com/commsplan/commsplan/pkg/orgdata"
)

// Employee target texts of spec 02 §9.
const (
	TargetMultipleSegments = "Multiple segments"
	TargetNoSegments       = "No segments selected"
)

// Division size labels and communication impact of spec 02 §9.
const (
	SizeLarge     = "Large"
	SizeMedium    = "Medium"
	SizeSmall     = "Small"
	ImpactHigh    = "high"
	ImpactMedium  = "medium"
	ImpactFocused = "focused"
)

// Targeting is who a schedule reaches. In organisational mode the totals
// are sums of the selected ids' head counts in the organisation dataset, and
// TargetCount is the largest of them.
type Targeting struct {
	Mode           string            `json:"mode"`
	AudienceType   string            `json:"audienceType"`
	Audiences      []string          `json:"audiences"`
	EmployeeTarget string            `json:"employeeTarget"`
	TargetCount    int               `json:"targetCount"`
	LocationTotal  int               `json:"locationTotal"`
	DivisionTotal  int               `json:"divisionTotal"`
	LevelTotal     int               `json:"levelTotal"`
	RoleTotal      int               `json:"roleTotal"`
	Divisions      []DivisionProfile `json:"divisions"`
}

// DivisionProfile is a selected division with its size label and the
// communication impact that follows from its head count.
type DivisionProfile struct {
	ID       string `json:"id"`
	Label    string `json:"label"`
	Location string `json:"location"`
	Count    int    `json:"count"`
	Size     string `json:"size"`
	Impact   string `json:"impact"`
}

// divisionProfile is d with its size label and impact (DivisionSize).
func divisionProfile(d orgdata.Division) DivisionProfile {
	size, impact := DivisionSize(d.Count)
	return DivisionProfile{ID: d.ID, Label: d.Label, Location: d.Location, Count: d.Count, Size: size, Impact: impact}
}

// DivisionSize returns the size label and communication impact for a
// division of count employees: Large and high at 100 or more, Medium and
// medium at 50 or more, otherwise Small and focused.
func DivisionSize(count int) (size, impact string) {
	switch {
	case count >= 100:
		return SizeLarge, ImpactHigh
	case count >= 50:
		return SizeMedium, ImpactMedium
	default:
		return SizeSmall, ImpactFocused
	}
}

// EmployeeTargetText writes a target count as the scheduler shows it.
func EmployeeTargetText(n int) string {
	return "~" + strconv.Itoa(n) + " employees"
}

func targetingFor(p *plan, org *orgdata.Dataset) Targeting {
	c := p.cfg
	t := Targeting{
		Mode:         c.AudienceMode,
		AudienceType: c.AudienceType,
		Audiences:    nonNil(c.Audiences),
		Divisions:    []DivisionProfile{},
	}
	if !p.organization {
		t.EmployeeTarget = TargetNoSegments
		if len(c.Audiences) > 0 {
			t.EmployeeTarget = TargetMultipleSegments
		}
		return t
	}
	if org == nil {
		org = &orgdata.Dataset{}
	}
	t.LocationTotal = org.LocationTotal(c.Locations)
	t.DivisionTotal = org.DivisionTotal(c.Divisions)
	t.LevelTotal = org.LevelTotal(c.OrgLevels)
	t.RoleTotal = org.RoleTotal(c.RoleCategories)
	seen := map[string]bool{}
	for _, key := range c.Divisions {
		d, ok := org.Division(key)
		if !ok || seen[d.ID] {
			continue
		}
		seen[d.ID] = true
		t.Divisions = append(t.Divisions, divisionProfile(d))
	}
	t.TargetCount = max(t.LocationTotal, t.DivisionTotal, t.LevelTotal, t.RoleTotal)
	if t.TargetCount > 0 {
		t.EmployeeTarget = EmployeeTargetText(t.TargetCount)
	} else {
		t.EmployeeTarget = TargetNoSegments
	}
	return t
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
