#!/usr/bin/env python3
"""Writes hr-awkward-200.csv and hr-awkward-200-next.csv: an HR export as
Excel saves it from a European-locale PC (UTF-8 with a BOM, semicolons,
CRLF), with every awkward trait an import meets, then the next month's
export: ten leavers gone, an acquired division (ACQ - Ohio) with twelve
new hires, three people moved into it. Deterministic; run it from this
directory to write them again."""

import random

rng = random.Random(44)
HEADER = ["Personnel Number", "Surname", "Given Name", "Work E-mail", "Mobile", "Business Unit", "Site", "Dept",
          "Position", "Grade", "Worker Type", "Reports To", "Hire Date", "Time Zone", "Preferred Language",
          "Notes", "Cost Centre", "Badge Colour", "Parking Bay"]
DIVS = [("SFB - California", "California", "America/Los_Angeles"), ("sfb - california", "california", "America/Los_Angeles"),
        ("TFS - Florida", "Florida", "America/New_York"), ("BFA - Massachusetts", "Massachusetts", "America/New_York"),
        ("HFS - Texas", "Texas", "America/Chicago"), ("ATF - Georgia", "Georgia", "America/New_York"),
        ("Corporate", "Pennsylvania", "America/New_York"), ("GLF - Michigan", "Michigan", "America/Detroit")]
TITLES = [("FA/LV Installer", "Individual Contributor"), ("Sprinkler Fitter C2", "Individual Contributor"),
          ("Service Coordinator 2", "Individual Contributor"), ("Project Manager, Install", "Middle Management"),
          ("Fire Alarm Technician", "Individual Contributor"), ("Branch Manager", "Senior Management"),
          ("Estimator", "Individual Contributor"), ("Payroll Specialist", "Individual Contributor")]
SURNAMES = ["Nguyen", "O'Brien", "García", "Müller", "Smith, Jr.", "Okafor", "Kowalski", "Dubois", "Rossi", "Tanaka",
            "Haddad", "Ødegaard", "Patel", "Johnson", "Lindqvist", "Chen", "D'Souza", "Ivanova", "Brown", "Fernández"]
GIVEN = ["Ana", "Björn", "Chloé", "Dmitri", "Eve", "Fatima", "Günter", "Hana", "Ian", "José", "Kai", "Léa", "Mo",
         "Nuria", "Otto", "Priya", "Quinn", "Raúl", "Siobhán", "Tomás"]


def ascii(s):
    table = str.maketrans("áéíóúüöøåñçÁÉÍÓÚÜÖØÅÑÇ", "aeiouuooancAEIOUUOOANC")
    return "".join(c for c in s.translate(table).lower() if c.isalnum())


def hire_date(i):
    # Excel serials, US slash dates, ISO and dotted day-first, as exports mix them.
    y, m, d = 2000 + i % 24, 1 + i % 12, 1 + i % 28
    kind = i % 4
    if kind == 0:
        import datetime
        return str((datetime.date(y, m, d) - datetime.date(1899, 12, 30)).days)
    if kind == 1:
        return f"{m}/{d}/{y}"
    if kind == 2:
        return f"{y:04d}-{m:02d}-{d:02d}"
    return f"{d:02d}.{m:02d}.{y}"


def person(i, div=None):
    sur, giv = SURNAMES[i % len(SURNAMES)], GIVEN[(i * 7) % len(GIVEN)]
    d = DIVS[i % len(DIVS)] if div is None else div
    title, grade = TITLES[(i * 3) % len(TITLES)]
    email = f"{ascii(giv)}.{ascii(sur)}.{i}@keystone.example"
    if i % 9 == 0:
        email = email.upper()  # HR systems shout sometimes
    notes = ""
    if i % 17 == 0:
        notes = f"Works nights; see \"HR note\" #{i},\nthen days from spring"
    elif i % 11 == 0:
        notes = "Keyholder, first aider"
    return {"Personnel Number": f"P{i:04d}", "Surname": sur, "Given Name": giv, "Work E-mail": email,
            "Mobile": "" if i % 3 else f"+1 555 {i:04d}", "Business Unit": d[0], "Site": d[1],
            "Dept": ["Operations", "Service", "Install", "Finance"][i % 4], "Position": title, "Grade": grade,
            "Worker Type": ["Full-time", "Part-time", "Contractor"][i % 3 if i % 5 == 0 else 0],
            "Reports To": "" if i < 5 else f"P{i % 5:04d}", "Hire Date": hire_date(i),
            "Time Zone": d[2], "Preferred Language": ["en-US", "es-US", "EN-us", "fr-CA"][i % 4],
            "Notes": notes, "Cost Centre": f"CC-{100 + i % 40}", "Badge Colour": ["red", "blue", ""][i % 3],
            "Parking Bay": "" if i % 4 else f"B-{i}"}


def cell(v):
    if any(c in v for c in ';"\n,') or v != v.strip():
        return '"' + v.replace('"', '""') + '"'
    return v


def write(name, rows):
    with open(name, "w", encoding="utf-8-sig", newline="") as f:
        f.write(";".join(HEADER) + "\r\n")
        for r in rows:
            f.write(";".join(cell(r[h]) for h in HEADER) + "\r\n")


good = [person(i) for i in range(195)]
bad = []
for i, broken in [(195, "jane.doe@"), (196, "no-at-sign.keystone.example"), (197, "two@@keystone.example")]:
    p = person(i)
    p["Work E-mail"] = broken
    bad.append(p)
for i, again in [(198, 10), (199, 42)]:  # a key given twice: the second row is refused
    p = person(i)
    p["Personnel Number"] = f"P{again:04d}"
    bad.append(p)
rows = good[:60] + bad[:2] + good[60:130] + bad[2:] + good[130:]
assert len(rows) == 200
write("hr-awkward-200.csv", rows)

leavers = {f"P{i:04d}" for i in (3, 21, 37, 52, 68, 85, 101, 119, 144, 170)}
movers = {"P0007", "P0090", "P0150"}
acq = ("ACQ - Ohio", "Ohio", "America/New_York")
nxt = []
for r in rows:
    if r["Personnel Number"] in leavers and r in good:
        continue
    if r["Personnel Number"] in movers:
        r = dict(r, **{"Business Unit": acq[0], "Site": acq[1], "Time Zone": acq[2]})
    nxt.append(r)
nxt += [person(300 + i, acq) for i in range(12)]
write("hr-awkward-200-next.csv", nxt)
print(len(rows), len(nxt))
