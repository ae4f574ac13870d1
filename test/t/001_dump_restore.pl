# 001_dump_restore.pl -- pg_dump / pg_restore keeps every pith row: a
# database holding several records (the golden one, clones of it with 39 and
# 117 references, an inbound citation, a retraction event and measurements
# from two sources) is dumped and restored into a new database, and every
# record comes back byte-identical (same canonical text, same digests).
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use PithTAP;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = pith_node('dump');
my $root = $ENV{PITH_ROOT};
my $golden = pith_slurp(pith_golden_path());
$golden =~ s/'/''/g;

$node->safe_psql('postgres', 'CREATE DATABASE src');
$node->safe_psql('src', 'CREATE EXTENSION pith CASCADE');
$node->safe_psql('src', "SELECT pith.ingest_record('$golden'::jsonb)");
$node->safe_psql('src', pith_slurp("$root/test/data/clone_paper.sql"));
$node->safe_psql('src', q{
	SELECT pith_test.clone_paper('2506.06472', '2601.00001', 1);
	SELECT pith_test.clone_paper('2506.06472', '2601.00002', 3);
	-- 2601.00001 cites the golden paper: an inbound observation for it
	INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index,
	       raw_text, title, year, pith_arxiv_id, source, source_observed_at)
	VALUES ('00000000-0000-4000-8000-000000000001', '2601.00001', 1, 40,
	       'Cost-efficient LLM training with lifetime-aware tensor offloading. arXiv:2506.06472, 2025',
	       'Cost-efficient LLM training with lifetime-aware tensor offloading', 2025, '2506.06472',
	       'pdf_text', '2026-08-07T07:00:00Z');
	SELECT pith.refresh_inbound(ARRAY['2601.00001']::pith.arxiv_id[]);
	-- a retraction on a linked work, and measurements from two sources
	INSERT INTO pith.scholarly_work_events (work_id, source, event_type, event_date, notice_doi, observed_at)
	SELECT work_id, 'retraction_watch', 'retraction', '2026-01-02', '10.1000/notice.1', '2026-08-07T06:30:00Z'
	  FROM pith.paper_reference_links WHERE work_id IS NOT NULL ORDER BY observation_id LIMIT 1;
	INSERT INTO pith.citation_measurements VALUES
	  ('2506.06472', 'openalex', 12, '2026-08-01T00:00:00Z'),
	  ('2506.06472', 'semantic_scholar', 15, '2026-08-02T00:00:00Z');
	-- history (0.3.0): later snapshots of a cited paper and of a linked
	-- work; the records as of 8 August read the earlier ones, which the
	-- dump must therefore keep
	UPDATE pith.papers SET title = 'Mixed Precision Training of Deep Networks', latest_version = 4,
	       snapshot_observed_at = '2026-09-01T00:00:00Z'
	 WHERE arxiv_id OPERATOR(pith.=) '1710.03740';
	UPDATE pith.cited_works SET title = 'FlashGPU: Placing New Flash Next to GPU Cores',
	       snapshot_observed_at = '2026-09-02T00:00:00Z'
	 WHERE work_id = '02f76510-4e3b-44dd-ae49-1b61de32f4f5';
});

my $records_sql = q{
	SELECT string_agg(p.arxiv_id::text || ' ' ||
	         md5(pith.canonical_json(pith.citation_record(p.arxiv_id, '2026-08-08T05:57:00Z', 1000, 1000))),
	         E'\n' ORDER BY p.arxiv_id)
	  FROM pith.papers p
	 WHERE EXISTS (SELECT 1 FROM pith.paper_references r WHERE r.citing_arxiv_id OPERATOR(pith.=) p.arxiv_id)
};
my $counts_sql = q{
	SELECT string_agg(c, ' ') FROM (
	  SELECT format('%s=%s', relname, (xpath('/row/c/text()',
	         query_to_xml(format('SELECT count(*) AS c FROM %I.%I', nspname, relname), false, true, '')))[1]) AS c
	    FROM pg_class JOIN pg_namespace n ON n.oid = relnamespace
	   WHERE nspname = 'pith' AND relkind = 'r' ORDER BY relname) s
};
my $before = $node->safe_psql('src', $records_sql);
my $before_counts = $node->safe_psql('src', $counts_sql);
my @lines = split /\n/, $before;
is(scalar @lines, 3, 'three papers with references before the dump');
like($node->safe_psql('src', q{SELECT pith.canonical_json(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z'))}),
	qr/"inbound":\[\{/, 'the golden paper has an inbound observation');

my $dump = $node->basedir . '/pith.dump';
$node->command_ok([ 'pg_dump', '-Fc', '-d', $node->connstr('src'), '-f', $dump ], 'pg_dump -Fc');
$node->safe_psql('postgres', 'CREATE DATABASE dst');
$node->command_ok([ 'pg_restore', '--exit-on-error', '-d', $node->connstr('dst'), $dump ], 'pg_restore');

is($node->safe_psql('dst', $counts_sql), $before_counts, 'every pith table has the same row count');
is($node->safe_psql('dst', $records_sql), $before, 'every record is byte-identical after restore');
is($node->safe_psql('dst', q{SELECT bool_and(ok) FROM pith.papers p,
	  LATERAL pith.verify_record(pith.citation_record(p.arxiv_id)) v}), 't', 'every digest verifies after restore');

$node->stop;
done_testing();
