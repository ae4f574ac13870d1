-- 80_layout.sql -- pith.distribution_layout(): cited_work_authors (new in
-- 0.3.0, read by the resolver beside cited_works) is a reference table.

