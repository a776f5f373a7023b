-- ROW EXCLUSIVE is the writers' own lock: it lets them through.
LOCK TABLE jobs IN ROW EXCLUSIVE MODE;
