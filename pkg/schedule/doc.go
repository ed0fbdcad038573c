// Package schedule holds the rules of the communication schedule that the
// API and the CLI share: overload and blackout warnings (Warnings, Preview)
// and the schedule export. It is pure Go with no I/O; callers load the
// communications, audiences and blackouts and pass them in.
//
// Every rule works on calendar days: a communication scheduled on a date
// falls on that date, one scheduled at an instant falls on that instant's
// day in the caller's time zone (domain.Scheduled.Day). Weeks are ISO 8601
// weeks, written "2026-W53".
package schedule
