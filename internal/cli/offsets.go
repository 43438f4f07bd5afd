package cli

import "regexp"

// negOffset is a DX,DY offset that starts with a minus sign.
var negOffset = regexp.MustCompile(`^-[0-9.]+\s*,\s*-?[0-9.]+$`)

// joinOffsets writes `--by -200,0` as `--by=-200,0`: the flag parser
// would read the leading minus as a flag of its own, and a leftward drag
// is as common as a rightward one.
func joinOffsets(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		if args[i] == "--" {
			return append(out, args[i:]...)
		}
		if args[i] == "--by" && i+1 < len(args) && negOffset.MatchString(args[i+1]) {
			out = append(out, "--by="+args[i+1])
			i++
			continue
		}
		out = append(out, args[i])
	}
	return out
}
