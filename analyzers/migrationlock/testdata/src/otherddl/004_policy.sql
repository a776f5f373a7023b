CREATE POLICY jobs_all ON jobs USING (true); -- want `CREATE POLICY locks queue table jobs in ACCESS EXCLUSIVE mode`
