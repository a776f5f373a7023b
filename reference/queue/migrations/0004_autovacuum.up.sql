-- Autovacuum sized for the churn, not for the finished jobs kept. By
-- default a table is vacuumed once its dead tuples reach 20% of its rows:
-- with 90 days of finished jobs (4.5 million at 50,000 a day) that is
-- 900,000 dead tuples, about six days of churn (each job leaves two: the
-- claim's and the completion's old versions). Meanwhile every job claimed
-- leaves a dead entry in the poll's partial index, which the claim walks
-- past. A fixed threshold vacuums after about 1,000 dead tuples whatever
-- the table's size, and analyzes after 5,000 changes (the planner's view
-- of the running and available jobs stays current). ALTER TABLE ... SET
-- takes a SHARE UPDATE EXCLUSIVE lock: the workers go on.
ALTER TABLE jobs SET (
    autovacuum_vacuum_scale_factor = 0,
    autovacuum_vacuum_threshold = 1000,
    autovacuum_analyze_scale_factor = 0,
    autovacuum_analyze_threshold = 5000
);
