-- The campaign's queries, loaded by goyesql; two are templates the
-- program fills before it prepares them (listmonk's layout).

-- name: link-counts
-- raw: true
-- %s is * or DISTINCT subscriber_id, filled on boot.
SELECT COUNT(%s) AS n, url FROM link_clicks WHERE campaign_id = $1 GROUP BY url;

-- name: view-counts
SELECT COUNT(%s) FROM campaign_views WHERE campaign_id = $1;

-- name: next-send
SELECT id FROM campaigns WHERE AND status = 'running';
