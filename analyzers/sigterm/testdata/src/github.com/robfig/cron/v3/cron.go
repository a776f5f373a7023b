// Package cron is a stub of github.com/robfig/cron/v3's API, for tests.
package cron

type Job interface{ Run() }

type FuncJob func()

func (f FuncJob) Run() { f() }

type EntryID int

type Cron struct{ jobs []Job }

func New() *Cron { return &Cron{} }

func (c *Cron) AddFunc(spec string, cmd func()) (EntryID, error) { return c.AddJob(spec, FuncJob(cmd)) }

func (c *Cron) AddJob(spec string, cmd Job) (EntryID, error) {
	c.jobs = append(c.jobs, cmd)
	return EntryID(len(c.jobs)), nil
}

func (c *Cron) Start() {}
func (c *Cron) Run()   {}
func (c *Cron) Stop()  {}
