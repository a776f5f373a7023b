package main

import (
	"fmt"
	"math/rand/v2"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// proxy stands between one worker slot's processes and PostgreSQL, so that
// the run can stall their connections: stall holds one connection's traffic,
// both ways, then releases it or cuts it.
type proxy struct {
	ln       net.Listener
	network  string // how to reach PostgreSQL
	address  string
	mu       sync.Mutex
	links    map[*link]bool
	stopping bool
}

// link is one proxied connection. Its copiers pass each chunk through gate:
// stall holds the gate's write lock.
type link struct {
	client, server net.Conn
	gate           sync.RWMutex
}

// newProxy listens on a local TCP port and forwards to the server that dsn
// names (a Unix socket directory, as pgserver's, or a TCP host).
func newProxy(dsn string) (*proxy, error) {
	cfg, err := pgconn.ParseConfig(dsn)
	if err != nil {
		return nil, err
	}
	p := &proxy{network: "tcp", address: fmt.Sprintf("%s:%d", cfg.Host, cfg.Port), links: map[*link]bool{}}
	if strings.HasPrefix(cfg.Host, "/") {
		p.network, p.address = "unix", filepath.Join(cfg.Host, fmt.Sprintf(".s.PGSQL.%d", cfg.Port))
	}
	if p.ln, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
		return nil, err
	}
	go p.accept()
	return p, nil
}

// dsn is the connection string for database db through the proxy.
func (p *proxy) dsn(db string) string {
	addr := p.ln.Addr().(*net.TCPAddr)
	return fmt.Sprintf("host=127.0.0.1 port=%d user=postgres dbname=%s sslmode=disable TimeZone=UTC", addr.Port, db)
}

func (p *proxy) accept() {
	for {
		client, err := p.ln.Accept()
		if err != nil {
			return
		}
		server, err := net.Dial(p.network, p.address)
		if err != nil {
			client.Close()
			continue
		}
		l := &link{client: client, server: server}
		p.mu.Lock()
		p.links[l] = true
		p.mu.Unlock()
		var both sync.WaitGroup
		both.Go(func() { l.copy(server, client) })
		both.Go(func() { l.copy(client, server) })
		go func() {
			both.Wait()
			p.mu.Lock()
			delete(p.links, l)
			p.mu.Unlock()
		}()
	}
}

// copy forwards from src to dst, each chunk through the gate; when either
// side ends, it closes both.
func (l *link) copy(dst, src net.Conn) {
	defer l.close()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			l.gate.RLock()
			l.gate.RUnlock()
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func (l *link) close() {
	l.client.Close()
	l.server.Close()
}

// stall holds the traffic of one of the proxy's connections, picked at
// random, for d, then releases it or (cut) closes it. It reports whether
// there was a connection to stall.
func (p *proxy) stall(r *rand.Rand, d time.Duration, cut bool) bool {
	p.mu.Lock()
	var victim *link
	n := 0
	for l := range p.links {
		n++
		if r.IntN(n) == 0 { // uniform among the links
			victim = l
		}
	}
	p.mu.Unlock()
	if victim == nil {
		return false
	}
	victim.gate.Lock()
	time.AfterFunc(d, func() {
		if cut {
			victim.close()
		}
		victim.gate.Unlock()
	})
	return true
}

func (p *proxy) close() {
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for l := range p.links {
		l.close()
	}
}
