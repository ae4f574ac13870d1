# test/t/PithTAP.pm -- shared set-up for pith's TAP tests: a
# PostgreSQL::Test::Cluster node of the PostgreSQL on PATH (test/run-all puts
# the staged copy of the installation, with pith in it, first), and small
# helpers to load records.
package PithTAP;

use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Exporter 'import';

our @EXPORT = qw(pith_node pith_slurp pith_golden_path);

# pith_node(NAME, EXTRA_CONF): an initialized, started node that finds pith.
sub pith_node
{
	my ($name, $extra) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);
	$node->init;
	$node->append_conf('postgresql.conf',
		"fsync = off\n" . ($extra // ''));
	$node->start;
	return $node;
}

# pith_slurp(PATH): a file's whole content.
sub pith_slurp
{
	my ($path) = @_;
	open my $fh, '<:raw', $path or die "cannot read $path: $!";
	local $/;
	my $s = <$fh>;
	close $fh;
	return $s;
}

# pith_golden_path(): the golden record shipped in test/data.
sub pith_golden_path
{
	return "$ENV{PITH_ROOT}/test/data/golden_2506.06472.json";
}

1;
