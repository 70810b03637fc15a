// Command gen writes shared/srd/data from the SRD 5.1 reference JSON. Run it
// through `go generate ./shared/srd/`; with -report it prints the coverage
// summary instead of writing.
package main

import (
	"flag"
	"fmt"
	"os"

	"chronicler/shared/srd/internal/srdgen"
)

func main() {
	ref := flag.String("ref", "", "folder of the SRD reference JSON (5e-SRD-*.json)")
	out := flag.String("out", "data", "folder to write the data files into")
	report := flag.Bool("report", false, "print the coverage summary and write nothing")
	flag.Parse()
	if *ref == "" {
		fmt.Fprintln(os.Stderr, "gen: -ref is required")
		os.Exit(2)
	}
	if err := run(*ref, *out, *report); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(ref, out string, report bool) error {
	if report {
		t, err := srdgen.Build(ref)
		if err != nil {
			return err
		}
		t.Report(os.Stdout)
		return nil
	}
	_, err := srdgen.Generate(ref, out)
	return err
}
