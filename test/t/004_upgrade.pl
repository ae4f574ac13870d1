# 004_upgrade.pl -- the upgrade path: install the oldest released version of
# pith, ALTER EXTENSION pith UPDATE step by step to the newest, and compare
# the result with a fresh install (pg_dump --schema-only --binary-upgrade,
# which lists every member object: equal text), then
# check the golden record on the upgraded database.  Released install
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

my $ext = "$ENV{PITH_STAGE}/usr/share/postgresql/15/extension";
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
$node->safe_psql('upgraded', 'ALTER EXTENSION pith UPDATE');
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

my $golden = pith_slurp(pith_golden_path());
(my $lit = $golden) =~ s/'/''/g;
$node->safe_psql('upgraded', "SELECT pith.ingest_record('$lit'::jsonb)");
is($node->safe_psql('upgraded', q{SELECT pith.canonical_json(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z'))}),
	$golden, 'the golden record comes back byte for byte after the upgrade');

$node->stop;
done_testing();
