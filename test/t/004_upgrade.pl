# 004_upgrade.pl -- the upgrade path: install the oldest released version of
# pith, ALTER EXTENSION pith UPDATE step by step to the newest, and compare
# the result with a fresh install (pg_dump --schema-only --binary-upgrade,
# which lists every member object: equal text).  Records written under the
# oldest version -- outbound, inbound by arXiv id and through a link -- must
# read back byte-identical after the update.  Released install
# scripts are frozen in src/sql/released/, upgrade scripts live in
# src/sql/upgrade/ (see README, "Upgrading").  While only one version exists
# there is no path to test and the test says so (skip), rather than passing.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use PithTAP;
use PostgreSQL::Test::Utils;
use Test::More;

my $ext = `pg_config --sharedir`;
chomp $ext;
$ext .= "/extension";
opendir my $dh, $ext or die "cannot list $ext: $!";
my @files = readdir $dh;
closedir $dh;
my @full = sort map { /^pith--([0-9.]+)\.sql$/ ? $1 : () } @files;
my @steps = grep { /^pith--[0-9.]+--[0-9.]+\.sql$/ } @files;
plan skip_all => 'only one version of pith exists (' . join(',', @full) . '): no upgrade path yet'
  if @full < 2 || !@steps;

# Versions compare numerically, part by part.
sub vcmp
{
	my @a = split /\./, $_[0];
	my @b = split /\./, $_[1];
	for my $i (0 .. 2) { my $c = ($a[$i] // 0) <=> ($b[$i] // 0); return $c if $c; }
	return 0;
}
my ($oldest) = sort { vcmp($a, $b) } @full;

my $node = pith_node('upgrade');
$node->safe_psql('postgres', 'CREATE DATABASE upgraded');
$node->safe_psql('postgres', 'CREATE DATABASE fresh');
$node->safe_psql('upgraded', "CREATE EXTENSION pith VERSION '$oldest' CASCADE");

# Data written under the oldest version must come through the update: the
# golden record, and another paper that cites it twice (once by arXiv id,
# once through a link to a work that is the golden paper).
my $golden = pith_slurp(pith_golden_path());
(my $lit = $golden) =~ s/'/''/g;
$node->safe_psql('upgraded', "SELECT pith.ingest_record('$lit'::jsonb)");
$node->safe_psql('upgraded', q{
	INSERT INTO pith.papers (arxiv_id, title, latest_version, snapshot_observed_at)
	VALUES ('2601.00001', 'Offloading Revisited', 1, '2026-08-09T09:00:00Z');
	INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index,
	       raw_text, title, year, pith_arxiv_id, source, source_observed_at)
	VALUES ('a0000000-0000-4000-8000-000000000001', '2601.00001', 1, 1, 'arXiv:2506.06472', NULL, 2025,
	        '2506.06472', 'pdf_text', '2026-08-09T10:00:00Z'),
	       ('a0000000-0000-4000-8000-000000000002', '2601.00001', 1, 2, 'Cost-Efficient LLM Training, 2025',
	        'Cost-Efficient LLM Training', 2025, NULL, 'pdf_text', '2026-08-09T10:00:01Z');
	INSERT INTO pith.cited_works (work_id, title, arxiv_id, year, metadata_source, snapshot_observed_at)
	VALUES ('b0000000-0000-4000-8000-000000000001', 'Cost-Efficient LLM Training', '2506.06472v1', 2025,
	        'arxiv', '2026-08-09T10:04:00Z');
	INSERT INTO pith.paper_reference_links (observation_id, work_id, status, resolver_source, observed_at, score)
	VALUES ('a0000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001', 'verified_exact',
	        'pith', '2026-08-09T10:05:00Z', 1);
});
my $records_sql = q{
	SELECT string_agg(p.arxiv_id::text || ' ' || t.at || ' ' ||
	         md5(pith.canonical_json(pith.citation_record(p.arxiv_id, t.at::timestamptz, 1000, 1000))),
	         E'\n' ORDER BY p.arxiv_id, t.at)
	  FROM pith.papers p, (VALUES ('2026-08-08T05:57:00Z'), ('2026-08-10T00:00:00Z')) AS t(at)
	 WHERE p.snapshot_observed_at <= t.at::timestamptz
};
my $inbound_sql = q{SELECT jsonb_array_length(pith.citation_record('2506.06472', '2026-08-10T00:00:00Z') -> 'inbound')};
my $records_before = $node->safe_psql('upgraded', $records_sql);
is($node->safe_psql('upgraded', $inbound_sql), '2', 'before the update: two inbound observations');

# The new library serves the old SQL until the update: parse_reference
# returns the seven attributes the old type declares, and the resolver runs.
is($node->safe_psql('upgraded', q{SELECT (pith.parse_reference('Vaswani A. Attention is all you need. NeurIPS, 2017.')).title}),
	'Attention is all you need', "before the update: parse_reference answers with the type of ${oldest}");
is($node->safe_psql('upgraded', q{SELECT status FROM pith.resolve_reference('Zyxwv Q. Qutsr ponml vutsr wvuts. Nature 1, 1-2 (1999).')}),
	'unresolved', 'before the update: resolve_reference runs');

$node->safe_psql('upgraded', 'ALTER EXTENSION pith UPDATE');
is($node->safe_psql('upgraded', $records_sql), $records_before,
	'every record (each paper, two moments) is byte-identical after the update');
is($node->safe_psql('upgraded', $inbound_sql), '2', 'after the update: the same two inbound observations');
is($node->safe_psql('upgraded', q{SELECT count(*) FROM pith.paper_reference_links WHERE citing_arxiv_id IS NULL}),
	'0', 'every stored link knows its citing paper');
$node->safe_psql('fresh', 'CREATE EXTENSION pith CASCADE');
is($node->safe_psql('upgraded', q{SELECT extversion FROM pg_extension WHERE extname = 'pith'}),
	$node->safe_psql('fresh', q{SELECT extversion FROM pg_extension WHERE extname = 'pith'}),
	"updated from $oldest to the default version");

my $schema = sub {
	my ($db) = @_;
	my ($out, $err);
	# --binary-upgrade makes pg_dump write every member of the extension
	# (a plain dump only says CREATE EXTENSION); drop what differs by nature:
	# the OIDs it pins, comments, and pg_dump's random \restrict keys.
	IPC::Run::run([ 'pg_dump', '--schema-only', '--binary-upgrade', '-d', $node->connstr($db) ],
		'>', \$out, '2>', \$err)
	  or die $err;
	$out =~ s/^--.*\n//mg;
	$out =~ s/^SELECT pg_catalog\.binary_upgrade_set_next_\w+\(.*\n//mg;
	$out =~ s/^\\(un)?restrict .*\n//mg;
	$out =~ s/'\{[0-9,]+\}'/'{oids}'/g;
	$out =~ s/^SET relfrozenxid = .*\n//mg;
	$out =~ s/^WHERE oid = '\d+';\n//mg;
	return $out;
};
my ($up, $fresh) = ($schema->('upgraded'), $schema->('fresh'));
ok($up eq $fresh, 'the upgraded schema equals a fresh install') or do {
	my $dir = $node->basedir;
	open my $a, '>', "$dir/upgraded.sql" or die; print $a $up; close $a;
	open my $b, '>', "$dir/fresh.sql" or die; print $b $fresh; close $b;
	diag(`diff -u $dir/fresh.sql $dir/upgraded.sql | head -n 60`);
};

# pg_dump would show the data-dependent state of the extension's tables
# only as rows; the schemas are compared above.  The golden document loads
# again (idempotent) and reads back byte for byte.
$node->safe_psql('upgraded', "SELECT pith.ingest_record('$lit'::jsonb)");
is($node->safe_psql('upgraded', q{SELECT pith.canonical_json(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z'))}),
	$golden, 'the golden record comes back byte for byte after the upgrade');

# History (0.3.0): the rows stored before the update are each paper's and
# work's first snapshot.  A new snapshot written after it (a new version of
# a cited paper, a corrected work title, by plain UPDATE) keeps every
# record issued before byte-identical.
is($node->safe_psql('upgraded', q{SELECT (SELECT count(*) FROM pith.papers_history) + (SELECT count(*) FROM pith.cited_works_history)}),
	'0', 'after the update: no history yet, the stored rows are the current snapshots');
$node->safe_psql('upgraded', q{
	UPDATE pith.papers SET title = 'Mixed Precision Training of Deep Networks', latest_version = 4,
	       snapshot_observed_at = '2026-09-01T00:00:00Z'
	 WHERE arxiv_id OPERATOR(pith.=) '1710.03740';
	UPDATE pith.cited_works SET title = 'Cost-Efficient LLM Training with Lifetime-Aware Tensor Offloading',
	       snapshot_observed_at = '2026-09-01T00:00:00Z'
	 WHERE work_id = 'b0000000-0000-4000-8000-000000000001';
});
is($node->safe_psql('upgraded', q{SELECT (SELECT count(*) FROM pith.papers_history) || ' ' || (SELECT count(*) FROM pith.cited_works_history)}),
	'1 1', 'a new snapshot of an upgraded row keeps the old one');
# (each paper known by then: its first snapshot, in the history now, counts)
(my $records_history_sql = $records_sql) =~
  s/WHERE p\.snapshot_observed_at <= t\.at::timestamptz/WHERE LEAST(p.snapshot_observed_at, (SELECT min(h.snapshot_observed_at) FROM pith.papers_history h WHERE h.arxiv_id OPERATOR(pith.=) p.arxiv_id)) <= t.at::timestamptz/
  or die 'records_sql changed: adapt the history variant';
is($node->safe_psql('upgraded', $records_history_sql), $records_before,
	'every record issued before the new snapshots is byte-identical');
isnt($node->safe_psql('upgraded', q{SELECT md5(pith.citation_record_text('2506.06472', '2026-09-02T00:00:00Z', 1000, 1000))}),
	$node->safe_psql('upgraded', q{SELECT md5(pith.citation_record_text('2506.06472', '2026-08-10T00:00:00Z', 1000, 1000))}),
	'a record as of after the new snapshots shows them');

$node->stop;
done_testing();
