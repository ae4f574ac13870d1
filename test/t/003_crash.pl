# 003_crash.pl -- crash safety of ingest: the postmaster is killed with
# SIGKILL in the middle of a large ingest (7,800 references, every table but
# the last already written when another session's lock stops it); after crash
# recovery the paper is absent, never half there, and ingesting the same
# document again then gives the complete, verifying record.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use PithTAP;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(usleep);
use IPC::Run;

my $node = pith_node('crash', "fsync = on\n");
my $root = $ENV{PITH_ROOT};
my $golden = pith_slurp(pith_golden_path());
$golden =~ s/'/''/g;

$node->safe_psql('postgres', 'CREATE DATABASE gen');
$node->safe_psql('gen', 'CREATE EXTENSION pith CASCADE');
$node->safe_psql('gen', "SELECT pith.ingest_record('$golden'::jsonb)");
$node->safe_psql('gen', pith_slurp("$root/test/data/clone_paper.sql"));
$node->safe_psql('gen', q{SELECT pith_test.clone_paper('2506.06472', '2601.00001', 200)});
my $docfile = $node->basedir . '/big.json';
$node->safe_psql('gen', q{CREATE TABLE big AS
	SELECT pith.citation_record('2601.00001', '2026-08-08T05:57:00Z', 100000, 100) AS doc});
my $digest = $node->safe_psql('gen', 'SELECT pith.json_digest(doc) FROM big');
my $doc = $node->safe_psql('gen', 'SELECT pith.canonical_json(doc) FROM big');
is(length($doc) > 5_000_000, 1, 'the document is large (' . length($doc) . ' bytes)');

$node->safe_psql('postgres', 'CREATE DATABASE crash');
$node->safe_psql('crash', 'CREATE EXTENSION pith CASCADE');
$node->safe_psql('crash', "CREATE TABLE docs AS SELECT \$doc\$$doc\$doc\$::jsonb AS doc");

# Hold the last table the ingest writes, so the ingest stops mid-way with
# everything else written (uncommitted), then kill the postmaster.
my ($lout, $lerr) = ('', '');
my $locker = IPC::Run::start(
	[ 'psql', '-XAtq', '-d', $node->connstr('crash'), '-c',
	  'BEGIN; LOCK TABLE pith.citation_measurements IN EXCLUSIVE MODE; SELECT pg_sleep(600);' ],
	'>', \$lout, '2>', \$lerr);
my ($out, $err) = ('', '');
my $h = IPC::Run::start(
	[ 'psql', '-XAtq', '-d', $node->connstr('crash'), '-c', 'SELECT pith.ingest_record(doc) FROM docs' ],
	'>', \$out, '2>', \$err);
my $midway = 0;
for (1 .. 1200)
{
	$midway = $node->safe_psql('crash', q{
		SELECT count(*) FROM pg_stat_activity a
		  JOIN pg_locks l ON l.pid = a.pid AND l.relation = 'pith.paper_references'::regclass
		                 AND l.mode = 'RowExclusiveLock' AND l.granted
		 WHERE a.query LIKE 'SELECT pith.ingest_record%' AND a.wait_event_type = 'Lock'});
	last if $midway;
	usleep(50_000);
}
is($midway, 1, 'the ingest has written references and waits, uncommitted');
my $pm = $node->{_pid};
$node->kill9;
$h->finish;
$locker->finish;
# Wait for the postmaster to be gone, and its orphaned backends (they exit
# when they notice it died) a moment longer.
for (1 .. 600)
{
	last unless kill(0, $pm);
	usleep(100_000);
}
usleep(1_000_000);
unlike($out, qr/observations_inserted/, 'the client saw no completed ingest');

$node->start;
is($node->safe_psql('crash', q{SELECT count(*) FROM pith.papers WHERE arxiv_id OPERATOR(pith.=) '2601.00001'}),
	'0', 'after recovery the paper is absent');
is($node->safe_psql('crash', q{SELECT count(*) FROM pith.paper_references}), '0',
	'no reference of the interrupted ingest survived');
is($node->safe_psql('crash', q{SELECT count(*) FROM pith.paper_reference_links}), '0',
	'no link of the interrupted ingest survived');

$node->safe_psql('crash', 'SELECT pith.ingest_record(doc) FROM docs');
is($node->safe_psql('crash', q{SELECT count(*) FROM pith.paper_references WHERE citing_arxiv_id OPERATOR(pith.=) '2601.00001'}),
	'7800', 'a second ingest loads every reference');
is($node->safe_psql('crash', q{SELECT pith.json_digest(pith.citation_record('2601.00001', '2026-08-08T05:57:00Z', 100000, 100))}),
	$digest, 'and the record is byte-identical to the source');

$node->stop;
done_testing();
