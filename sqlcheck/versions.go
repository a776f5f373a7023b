package sqlcheck

import (
	"path/filepath"
	"strconv"
	"time"
)

// Migrations written together.
//
// A migration tool names each file by a version, often the time the file
// was made (goose create and migrate create -ext sql -format
// 20060102150405, or -format unix). Two files whose times are at most
// writtenTogetherWithin apart were made in one sitting (a generator that
// writes the first schema as one file per table): no deploy runs between
// them, and the first run of the later finds the table the earlier one
// created new and idle, its lock held by no worker.

const writtenTogetherWithin = time.Minute

// writtenTogether reports whether the migration at path was made at most
// writtenTogetherWithin after the one at earlier, by the times their
// versions say.
func writtenTogether(earlier, path string) bool {
	a, ok := versionTime(earlier)
	if !ok {
		return false
	}
	b, ok := versionTime(path)
	if !ok {
		return false
	}
	d := b.Sub(a)
	return d >= 0 && d <= writtenTogetherWithin
}

// versionTime reads the time a migration's version gives: the file name's
// leading digits, as 20060102150405 (14 digits; seconds past 59 run on
// into the next minute) or Unix seconds (10).
func versionTime(path string) (time.Time, bool) {
	name := filepath.Base(path)
	n := 0
	for n < len(name) && name[n] >= '0' && name[n] <= '9' {
		n++
	}
	if n < len(name) && name[n] != '_' && name[n] != '-' && name[n] != '.' {
		return time.Time{}, false
	}
	switch n {
	case 14:
		// Read field by field, not by time.Parse: a version bumped by
		// hand past a generated one (20260331225460, ...61) is a second
		// past the minute, and still says when it was made.
		f := func(i, j int) int { v, _ := strconv.Atoi(name[i:j]); return v }
		mo, d, h, mi := f(4, 6), f(6, 8), f(8, 10), f(10, 12)
		if mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 {
			return time.Time{}, false
		}
		return time.Date(f(0, 4), time.Month(mo), d, h, mi, f(12, 14), 0, time.UTC), true
	case 10:
		secs, err := strconv.ParseInt(name[:n], 10, 64)
		return time.Unix(secs, 0).UTC(), err == nil
	}
	return time.Time{}, false
}
