package standin

import "strings"

// The prompt's lines that list the table's limits (narrator.limitsText).
const (
	linesLabel = "Lines the table has drawn"
	veilsLabel = "Veils ("
)

// crossing is what the Cross fault writes: a sentence naming each line
// and one telling each veiled subject, in plain prose, so that only the
// guard's hold on the table's limits can stop them.
func crossing(prompt string) []string {
	var out []string
	for _, l := range limitsListed(prompt, linesLabel) {
		out = append(out, "Out of the dark comes "+l+", close enough to touch.")
	}
	for _, v := range limitsListed(prompt, veilsLabel) {
		out = append(out, "The "+v+" is told here in every slow detail, and nobody looks away.")
	}
	return out
}

// limitsListed reads the limits of the prompt's line that starts with
// label: what follows its colon, up to the closing full stop, split at
// semicolons.
func limitsListed(prompt, label string) []string {
	for line := range strings.SplitSeq(prompt, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, label) {
			continue
		}
		_, list, ok := strings.Cut(line, "): ")
		if !ok {
			return nil
		}
		var out []string
		for l := range strings.SplitSeq(strings.TrimSuffix(list, "."), "; ") {
			if l = strings.TrimSpace(l); l != "" {
				out = append(out, l)
			}
		}
		return out
	}
	return nil
}
