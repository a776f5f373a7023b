package attempts

import "testing"

func TestNamed(t *testing.T) {
	for name, want := range map[string]bool{
		"attempts": true, "retry_count": true, "v_tries": true, "MaxRetries": true,
		"try_count": true, "NewTryCount": true, "tryNum": true, "entry_count": false, "country": false, "TRY_COUNT": true, "retryCount": true,
		"retry_at": false, "retried_until": false, "run_at": false, "status": false,
	} {
		if got := Named(name); got != want {
			t.Errorf("Named(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestMentioned(t *testing.T) {
	for text, want := range map[string]bool{
		"attempts < max_attempts":              true,
		"(status = 'failed' AND tries < 5)":    true,
		"retry_at <= now()":                    false,
		"status = 'queued' OR retry_at < $1":   false,
		"v_attempts >= 3 AND retry_at < now()": true,
	} {
		if got := Mentioned(text); got != want {
			t.Errorf("Mentioned(%q) = %v, want %v", text, got, want)
		}
	}
}
