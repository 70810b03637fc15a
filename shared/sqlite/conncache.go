package sqlite

import (
	"slices"
	"sync"
	"sync/atomic"

	"chronicler/shared/campaign"
)

// connCache keeps each campaign's connection list as last read, for
// Connections: every delivery of every turn asks for it, and it changes
// only when a player connects or leaves. Every Commit that puts or deletes
// a connection moves gen on before it writes and again once it is done
// (committed or not), and a list is kept, and served, only under the gen
// it was read in; so a list read while a change was on its way is never
// kept, and no change that has returned is ever hidden. Only this process
// writes the file (see Open), so its own commits are every change there is.
type connCache struct {
	gen atomic.Int64
	mu  sync.Mutex
	m   map[string]connList
}

type connList struct {
	gen   int64
	conns []campaign.Connection
}

// maxCachedCampaigns bounds the lists kept; past it they start again.
const maxCachedCampaigns = 10000

// changing marks a connection change under way; call the func it returns
// when it is done.
func (c *connCache) changing() func() {
	c.gen.Add(1)
	return func() { c.gen.Add(1) }
}

// get is the campaign's list if one is kept under the current gen, and the
// gen a fresh read must be put under.
func (c *connCache) get(campaignID string) ([]campaign.Connection, int64, bool) {
	gen := c.gen.Load()
	c.mu.Lock()
	l, ok := c.m[campaignID]
	c.mu.Unlock()
	if !ok || l.gen != gen {
		return nil, gen, false
	}
	return slices.Clone(l.conns), gen, true
}

// put keeps a list read under gen, unless a change began since.
func (c *connCache) put(campaignID string, gen int64, conns []campaign.Connection) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen.Load() != gen {
		return
	}
	if c.m == nil || len(c.m) >= maxCachedCampaigns {
		c.m = map[string]connList{}
	}
	c.m[campaignID] = connList{gen: gen, conns: slices.Clone(conns)}
}
