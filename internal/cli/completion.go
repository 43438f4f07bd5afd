package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/alecthomas/kong"
)

// The completion scripts are generated from the kong model, so they list
// exactly the commands and flags the parser accepts (one source of truth:
// the command structs). Each script carries a table per command path and
// the same small walker: the words typed so far select a path (flags and
// their values skipped), and the path's subcommands, flags or a flag's
// values are offered.

// compModel is what the scripts need of the command tree.
type compModel struct {
	global []compFlag // the root's flags, accepted everywhere
	paths  []compPath // every visible command, the root ("") first
}

type compPath struct {
	path  string     // "browser launch"
	subs  []compItem // visible subcommands
	flags []compFlag // its own flags (and its groups'), not the globals
	args  []string   // the fixed values its positional arguments accept
}

type compItem struct{ name, help string }

type compFlag struct {
	long, short string   // "--output", "-o" ("" when none)
	help        string   // first line
	value       bool     // takes a value (the next word, or after '=')
	enum        []string // the values it accepts, when they are fixed
}

func completionModel(root *kong.Node) compModel {
	var m compModel
	m.global = compFlags(root.Flags)
	var walk func(n *kong.Node, path string, inherited []compFlag)
	walk = func(n *kong.Node, path string, inherited []compFlag) {
		p := compPath{path: path, flags: inherited}
		if n != root {
			p.flags = append(slices.Clip(inherited), compFlags(n.Flags)...)
		}
		for _, c := range n.Children {
			if c.Type == kong.CommandNode && !c.Hidden {
				p.subs = append(p.subs, compItem{c.Name, firstLine(c.Help)})
			}
		}
		for _, a := range n.Positional {
			p.args = append(p.args, enumValues(a.Enum)...)
		}
		m.paths = append(m.paths, p)
		for _, c := range n.Children {
			if c.Type == kong.CommandNode && !c.Hidden {
				walk(c, strings.TrimSpace(path+" "+c.Name), p.flags)
			}
		}
	}
	walk(root, "", nil)
	// `tact help <command>` takes the top-level commands.
	for i := range m.paths {
		if m.paths[i].path == "help" {
			m.paths[i].args = m.subNames(m.paths[0])
		}
	}
	return m
}

func compFlags(flags []*kong.Flag) []compFlag {
	var out []compFlag
	for _, f := range flags {
		if f.Hidden {
			continue
		}
		cf := compFlag{long: "--" + f.Name, help: firstLine(f.Help), value: takesValue(f)}
		if f.Short != 0 {
			cf.short = "-" + string(f.Short)
		}
		cf.enum = enumValues(f.Enum)
		out = append(out, cf)
		if f.Tag != nil && f.Tag.Negatable != "" && f.IsBool() {
			out = append(out, compFlag{long: "--no-" + f.Name, help: cf.help})
		}
	}
	return out
}

func enumValues(enum string) []string {
	var out []string
	for _, v := range strings.Split(enum, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return strings.TrimSpace(s)
}

// words lists what can be typed for a path: its subcommands, then its
// flags, then the global flags.
func (m compModel) words(p compPath) []string {
	var out []string
	for _, s := range p.subs {
		out = append(out, s.name)
	}
	for _, f := range append(slices.Clip(p.flags), m.global...) {
		out = append(out, f.long)
		if f.short != "" {
			out = append(out, f.short)
		}
	}
	return out
}

// valueFlags are a path's flags that take a value, long and short.
func (m compModel) valueFlags(p compPath) []string {
	var out []string
	for _, f := range append(slices.Clip(p.flags), m.global...) {
		if f.value {
			out = append(out, f.long)
			if f.short != "" {
				out = append(out, f.short)
			}
		}
	}
	return out
}

func (m compModel) argValues(p compPath) []string { return p.args }

func (m compModel) subNames(p compPath) []string {
	var out []string
	for _, s := range p.subs {
		out = append(out, s.name)
	}
	return out
}

// shQuote quotes s for sh-family shells (bash, zsh).
func shQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// psQuote quotes s for PowerShell.
func psQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// fishQuote quotes s for fish.
func fishQuote(s string) string {
	return "'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", `\'`) + "'"
}

// caseTable writes `case "$1" in path) printf '%s\n' words ;; esac` lines.
func caseTable(b *strings.Builder, m compModel, list func(compPath) []string) {
	b.WriteString("    case \"$1\" in\n")
	for _, p := range m.paths {
		ws := list(p)
		if len(ws) == 0 {
			continue
		}
		fmt.Fprintf(b, "    %s) echo %s ;;\n", shQuote(p.path), shQuote(strings.Join(ws, " ")))
	}
	b.WriteString("    esac\n")
}

// enumCases writes the cases "path|flag" → its values, for sh-family
// scripts: the globals' for every path.
func enumCases(b *strings.Builder, m compModel) {
	b.WriteString("    case \"$1|$2\" in\n")
	for _, f := range m.global {
		if len(f.enum) > 0 {
			pat := "*'|" + f.long + "'"
			if f.short != "" {
				pat += "|*'|" + f.short + "'"
			}
			fmt.Fprintf(b, "    %s) echo %s ;;\n", pat, shQuote(strings.Join(f.enum, " ")))
		}
	}
	for _, p := range m.paths {
		for _, f := range p.flags {
			if len(f.enum) > 0 {
				pat := shQuote(p.path + "|" + f.long)
				if f.short != "" {
					pat += "|" + shQuote(p.path+"|"+f.short)
				}
				fmt.Fprintf(b, "    %s) echo %s ;;\n", pat, shQuote(strings.Join(f.enum, " ")))
			}
		}
	}
	b.WriteString("    esac\n")
}

// shWalk is the bash/zsh walker over the words before the cursor: it sets
// cmdpath (the command path) and flag (a flag waiting for its value, or "").
const shWalk = `    local w skip=0
    cmdpath="" flag=""
    for w in "$@"; do
        if [ "$skip" = 1 ]; then skip=0; flag=""; continue; fi
        case "$w" in
        --*=*|=) ;;
        -*) case " $(__tact_vflags "$cmdpath") " in *" $w "*) skip=1; flag="$w" ;; esac ;;
        *) case " $(__tact_subs "$cmdpath") " in *" $w "*) cmdpath="${cmdpath:+$cmdpath }$w" ;; esac ;;
        esac
    done
    [ "$skip" = 1 ] || flag=""
`

func (m compModel) shTables(b *strings.Builder) {
	b.WriteString("__tact_subs() {\n")
	caseTable(b, m, m.subNames)
	b.WriteString("}\n\n__tact_args() {\n")
	caseTable(b, m, m.argValues)
	b.WriteString("}\n\n__tact_words() {\n")
	caseTable(b, m, m.words)
	b.WriteString("}\n\n__tact_vflags() {\n")
	caseTable(b, m, m.valueFlags)
	b.WriteString("}\n\n__tact_values() {\n")
	enumCases(b, m)
	b.WriteString("}\n\n__tact_walk() {\n" + shWalk + "}\n\n")
}

func (m compModel) bash() string {
	var b strings.Builder
	b.WriteString(`# bash completion for tact. Generated by "tact completion bash"; load it
# with: source <(tact completion bash)

`)
	m.shTables(&b)
	b.WriteString(`_tact() {
    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" cmdpath flag
    __tact_walk "${COMP_WORDS[@]:1:COMP_CWORD-1}"
    # bash splits --flag=value at '=' (COMP_WORDBREAKS): complete that
    # flag's value.
    if [ "$cur" = "=" ]; then
        flag="$prev" cur=""
    elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -ge 3 ]; then
        flag="${COMP_WORDS[COMP_CWORD-2]}"
    fi
    if [ -n "$flag" ]; then
        local values
        values="$(__tact_values "$cmdpath" "$flag")"
        if [ -n "$values" ]; then
            COMPREPLY=($(compgen -W "$values" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        return 0
    fi
    case "$cur" in
    -*) COMPREPLY=($(compgen -W "$(__tact_words "$cmdpath")" -- "$cur")) ;;
    *)
        COMPREPLY=($(compgen -W "$(__tact_subs "$cmdpath") $(__tact_args "$cmdpath")" -- "$cur"))
        [ ${#COMPREPLY[@]} -gt 0 ] || COMPREPLY=($(compgen -f -- "$cur"))
        ;;
    esac
    return 0
}

complete -o filenames -F _tact tact
`)
	return b.String()
}

func (m compModel) zsh() string {
	var b strings.Builder
	b.WriteString(`#compdef tact
# zsh completion for tact. Generated by "tact completion zsh"; install it
# as _tact in a directory of $fpath, or load it with:
#   source <(tact completion zsh)

`)
	m.shTables(&b)
	b.WriteString("__tact_described() {\n    case \"$1\" in\n")
	for _, p := range m.paths {
		var lines []string
		for _, s := range p.subs {
			lines = append(lines, s.name+":"+s.help)
		}
		for _, a := range p.args {
			lines = append(lines, a+":")
		}
		for _, f := range p.flags {
			lines = append(lines, zshFlagLines(f)...)
		}
		if len(lines) > 0 {
			fmt.Fprintf(&b, "    %s) print -r -- %s ;;\n", shQuote(p.path), shQuote(strings.Join(lines, "\n")))
		}
	}
	var global []string
	for _, f := range m.global {
		global = append(global, zshFlagLines(f)...)
	}
	fmt.Fprintf(&b, "    esac\n    print -r -- %s\n", shQuote(strings.Join(global, "\n")))
	b.WriteString(`}

_tact() {
    local cmdpath flag cur="${words[CURRENT]}"
    __tact_walk "${(@)words[2,CURRENT-1]}"
    if [[ "$cur" == --*=* ]]; then
        flag="${cur%%=*}"
        compset -P '*='
    fi
    if [[ -n "$flag" ]]; then
        local -a values
        values=(${=$(__tact_values "$cmdpath" "$flag")})
        if (( ${#values} )); then
            compadd -a values
        else
            _files
        fi
        return
    fi
    local -a subs flags
    local line
    for line in "${(@f)$(__tact_described "$cmdpath")}"; do
        case "$line" in
        -*) flags+=("$line") ;;
        ?*) subs+=("$line") ;;
        esac
    done
    if [[ "$cur" == -* ]]; then
        _describe -t flags 'flag' flags
    elif (( ${#subs} )); then
        _describe -t commands 'command' subs
    else
        _files
    fi
}

if [[ "${zsh_eval_context[-1]}" == loadautofunc ]]; then
    _tact "$@"
else
    compdef _tact tact
fi
`)
	return b.String()
}

// zshFlagLines are a flag's "name:description" lines for _describe.
func zshFlagLines(f compFlag) []string {
	out := []string{f.long + ":" + f.help}
	if f.short != "" {
		out = append(out, f.short+":"+f.help)
	}
	return out
}

func (m compModel) fish() string {
	var b strings.Builder
	b.WriteString(`# fish completion for tact. Generated by "tact completion fish"; install
# it as ~/.config/fish/completions/tact.fish

function __tact_subs
    switch "$argv[1]"
`)
	fishSwitch := func(list func(compPath) []string) {
		for _, p := range m.paths {
			if ws := list(p); len(ws) > 0 {
				fmt.Fprintf(&b, "        case %s\n            printf '%%s\\n' %s\n", fishQuote(p.path), strings.Join(ws, " "))
			}
		}
		b.WriteString("    end\nend\n")
	}
	fishSwitch(m.subNames)
	b.WriteString("\nfunction __tact_vflags\n    switch \"$argv[1]\"\n")
	fishSwitch(m.valueFlags)
	b.WriteString(`
# The command path the words before the cursor select, flags and their
# values skipped.
function __tact_path
    set -l words (commandline -opc)
    set -e words[1]
    set -l cmdpath ""
    set -l skip 0
    for w in $words
        if test $skip = 1
            set skip 0
            continue
        end
        switch $w
            case '--*=*'
            case '-*'
                if contains -- $w (__tact_vflags "$cmdpath")
                    set skip 1
                end
            case '*'
                if contains -- $w (__tact_subs "$cmdpath")
                    set cmdpath (string trim -- "$cmdpath $w")
                end
        end
    end
    echo $cmdpath
end

function __tact_at
    set -l p (__tact_path)
    test "$p" = "$argv[1]"
end

complete -c tact -f
`)
	flagLine := func(cond string, f compFlag) {
		fmt.Fprintf(&b, "complete -c tact%s -l %s", cond, strings.TrimPrefix(f.long, "--"))
		if f.short != "" {
			fmt.Fprintf(&b, " -s %s", strings.TrimPrefix(f.short, "-"))
		}
		switch {
		case len(f.enum) > 0:
			fmt.Fprintf(&b, " -x -a %s", fishQuote(strings.Join(f.enum, " ")))
		case f.value:
			b.WriteString(" -r -F")
		}
		if f.help != "" {
			fmt.Fprintf(&b, " -d %s", fishQuote(f.help))
		}
		b.WriteString("\n")
	}
	for _, f := range m.global {
		flagLine("", f)
	}
	for _, p := range m.paths {
		cond := fmt.Sprintf(" -n %s", fishQuote("__tact_at "+fishQuote(p.path)))
		for _, s := range p.subs {
			fmt.Fprintf(&b, "complete -c tact%s -a %s -d %s\n", cond, s.name, fishQuote(s.help))
		}
		for _, f := range p.flags {
			flagLine(cond, f)
		}
		for _, a := range p.args {
			fmt.Fprintf(&b, "complete -c tact%s -a %s\n", cond, fishQuote(a))
		}
		if len(p.subs) == 0 && len(p.args) == 0 && p.path != "" {
			fmt.Fprintf(&b, "complete -c tact%s -F\n", cond)
		}
	}
	return b.String()
}

func psList(ws []string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = psQuote(w)
	}
	return "@(" + strings.Join(q, ", ") + ")"
}

func psPair(name, help string) string { return "@(" + psQuote(name) + ", " + psQuote(help) + ")" }

// psPairs is an array of pairs; one pair needs the unary comma, or
// PowerShell flattens it into an array of two strings.
func psPairs(pairs []string) string {
	if len(pairs) == 1 {
		return "@(," + pairs[0] + ")"
	}
	return "@(" + strings.Join(pairs, ", ") + ")"
}

// psFlags writes the flags, vflags and enums entries of a PowerShell
// table for these flags.
func psFlags(b *strings.Builder, indent string, flags []compFlag) {
	var items, vflags []string
	enums := ""
	for _, f := range flags {
		items = append(items, psPair(f.long, f.help))
		names := []string{f.long}
		if f.short != "" {
			items = append(items, psPair(f.short, f.help))
			names = append(names, f.short)
		}
		if f.value {
			vflags = append(vflags, names...)
		}
		if len(f.enum) > 0 {
			for _, n := range names {
				enums += fmt.Sprintf(" %s = %s;", psQuote(n), psList(f.enum))
			}
		}
	}
	fmt.Fprintf(b, "%sflags = %s\n%svflags = %s\n%senums = @{%s }\n", indent, psPairs(items), indent, psList(vflags), indent, enums)
}

func (m compModel) powershell() string {
	var b strings.Builder
	b.WriteString(`# PowerShell completion for tact. Generated by "tact completion powershell";
# load it with: tact completion powershell | Out-String | Invoke-Expression

$__tactTable = @{
`)
	for _, p := range m.paths {
		fmt.Fprintf(&b, "    %s = @{\n", psQuote(p.path))
		var subs []string
		for _, s := range p.subs {
			subs = append(subs, psPair(s.name, s.help))
		}
		fmt.Fprintf(&b, "        subs = %s\n", psPairs(subs))
		psFlags(&b, "        ", p.flags)
		fmt.Fprintf(&b, "        args = %s\n    }\n", psList(p.args))
	}
	b.WriteString("}\n\n# The global flags, accepted by every command.\n$__tactGlobal = @{\n")
	psFlags(&b, "    ", m.global)
	b.WriteString(`}

Register-ArgumentCompleter -Native -CommandName tact -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $path = ''
    $flag = ''
    $skip = $false
    $words = @($commandAst.CommandElements | Select-Object -Skip 1 |
        Where-Object { $_.Extent.EndOffset -lt $cursorPosition } | ForEach-Object { $_.ToString() })
    foreach ($w in $words) {
        if ($skip) { $skip = $false; $flag = ''; continue }
        $entry = $__tactTable[$path]
        if ($w -like '--*=*') { continue }
        if ($w -like '-*') {
            if ($entry.vflags -contains $w -or $__tactGlobal.vflags -contains $w) { $skip = $true; $flag = $w }
            continue
        }
        foreach ($s in $entry.subs) {
            if ($s[0] -eq $w) { $path = ($path + ' ' + $w).Trim(); break }
        }
    }
    if (-not $skip) { $flag = '' }
    $entry = $__tactTable[$path]
    $prefix = ''
    if ($wordToComplete -like '--*=*') {
        $flag, $wordToComplete = $wordToComplete -split '=', 2
        $prefix = $flag + '='
    }
    if ($flag) {
        $values = if ($entry.enums.ContainsKey($flag)) { $entry.enums[$flag] } else { $__tactGlobal.enums[$flag] }
        foreach ($v in $values) {
            if ($v -like "$wordToComplete*") {
                [System.Management.Automation.CompletionResult]::new($prefix + $v, $v, 'ParameterValue', $v)
            }
        }
        return
    }
    $items = if ($wordToComplete -like '-*') { @($entry.flags) + @($__tactGlobal.flags) } else { @($entry.subs) + @($entry.args | ForEach-Object { ,@($_, '') }) }
    foreach ($i in $items) {
        if ($i[0] -like "$wordToComplete*") {
            $tip = if ($i[1]) { $i[1] } else { $i[0] }
            $kind = if ($wordToComplete -like '-*') { 'ParameterName' } else { 'Command' }
            [System.Management.Automation.CompletionResult]::new($i[0], $i[0], $kind, $tip)
        }
    }
}
`)
	return b.String()
}
