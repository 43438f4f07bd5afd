package commands

// Examples shown by `tact <command> --help` (kong prints Help() after the
// flags). They are the fastest way for an agent to learn a command.

// Help for snap.
func (c *Snap) Help() string {
	return `Examples:
  tact snap example.com                 # open and print the page
  tact snap --diff                      # what changed since the last snap
  tact snap --focus main`
}

// Help for click.
func (c *Click) Help() string {
	return `Examples:
  tact click @e12                       # ref from the latest snap
  tact click 'role=button[name="Sign in"]'
  tact click text="Accept all" --no-snap`
}

// Help for fill.
func (c *Fill) Help() string {
	return `Examples:
  tact fill @e3 ada@example.com
  tact fill label=Password hunter2      # recorded as ${PASSWORD}, never in clear`
}

// Help for replay.
func (c *Replay) Help() string {
	return `Examples:
  tact replay login --var PASSWORD=s3cret
  tact replay prices -o json | jq .outputs   # every --as output in one object`
}

// Help for record start.
func (c *RecordStart) Help() string {
	return `Examples:
  tact record start login   # then use tact as usual; on a page, step 1 opens that page
  tact snap https://app.example/login   # a navigation: recorded as open URL
  tact fill @e3 ada --as USERNAME   # recorded as ${USERNAME}, default "ada"
  tact read --focus h1 --as headline   # a named output is a step; snap, and read with no URL or name, are not
  tact record undo          # drop the last step
  tact record stop          # writes .tact/workflows/login.json (or the data dir)`
}

// Help for press.
func (c *Press) Help() string {
	return `Examples:
  tact press Enter @e3                  # focus @e3, then press (tact press @e3 Enter works too)
  tact press "ArrowDown ArrowDown Enter" --repeat 2`
}
