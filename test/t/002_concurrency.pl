# 002_concurrency.pl -- several sessions ingesting, resolving and reading
# records at once.  Nine documents (the golden record, and eight clones that
# each also cite the golden paper, so ingests touch shared papers, works and
# inbound rows) are ingested serially into one database, and by pgbench
# clients in random order, over and over, into another; meanwhile other
# clients resolve four unlinked papers with resolve_paper (which creates
# shared works) and read records.  pgbench must report no failed
# transaction, no row may be duplicated or lost, every ingested record must
# be byte-identical to the serial run's, and every link the resolver wrote
# must say what the serial run's says.  (Loads that meet at the same moment
# -- contradicting documents, mutually citing papers on empty tables -- are
# test/t/005_ingest_races.pl.)
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use PithTAP;
use PostgreSQL::Test::Utils;
use Test::More;

my $clients = $ENV{PITH_CONCURRENCY_CLIENTS} // 4;
my $seconds = $ENV{PITH_CONCURRENCY_SECONDS} // 10;
my $node = pith_node('conc', "max_connections = 50\n");
my $root = $ENV{PITH_ROOT};
my $golden = pith_slurp(pith_golden_path());
$golden =~ s/'/''/g;

# Build the nine documents in a scratch database.
$node->safe_psql('postgres', 'CREATE DATABASE gen');
$node->safe_psql('gen', 'CREATE EXTENSION pith CASCADE');
$node->safe_psql('gen', "SELECT pith.ingest_record('$golden'::jsonb)");
$node->safe_psql('gen', pith_slurp("$root/test/data/clone_paper.sql"));
$node->safe_psql('gen', pith_slurp("$root/test/data/concurrency_docs.sql"));
my $docs = $node->safe_psql('gen', q{
	SELECT string_agg(pith.canonical_json(pith.citation_record(arxiv_id, '2026-08-08T05:57:00Z', 1000, 1000)),
	                  E'\n' ORDER BY arxiv_id)
	  FROM pith.papers p
	 WHERE EXISTS (SELECT 1 FROM pith.paper_references r WHERE r.citing_arxiv_id OPERATOR(pith.=) p.arxiv_id)
});
my @docs = split /\n/, $docs;
is(scalar @docs, 9, 'nine documents to ingest');

my $load_docs = "CREATE TABLE docs (i int PRIMARY KEY, doc jsonb NOT NULL);\n";
for my $i (0 .. $#docs)
{
	$load_docs .= "INSERT INTO docs VALUES ($i, \$doc\$$docs[$i]\$doc\$);\n";
}
my $records_sql = q{
	SELECT string_agg(p.arxiv_id::text || ' ' ||
	         md5(pith.canonical_json(pith.citation_record(p.arxiv_id, '2026-08-08T05:57:00Z', 1000, 1000))),
	         E'\n' ORDER BY p.arxiv_id)
	  FROM pith.papers p
	 WHERE p.arxiv_id OPERATOR(pith.=) ANY (ARRAY(SELECT (d.doc->'paper'->>'arxiv_id')::pith.arxiv_id FROM docs d))
};
# What the resolver decided, without the link's time and the work's random id.
my $links_sql = q{
	SELECT string_agg(format('%s %s %s %s %s %s', r.citing_arxiv_id, r.reference_index, l.status,
	         l.resolver_source, coalesce(w.arxiv_id::text, w.doi::text, w.title), l.score),
	         E'\n' ORDER BY r.citing_arxiv_id, r.reference_index)
	  FROM pith.paper_references r
	  JOIN pith.paper_reference_links l ON l.observation_id = r.observation_id
	  LEFT JOIN pith.cited_works w ON w.work_id = l.work_id
	 WHERE r.citing_arxiv_id::text LIKE '2602.%'
};
my $counts_sql = q{
	SELECT string_agg(c, ' ') FROM (
	  SELECT format('%s=%s', relname, (xpath('/row/c/text()',
	         query_to_xml(format('SELECT count(*) AS c FROM %I.%I', nspname, relname), false, true, '')))[1]) AS c
	    FROM pg_class JOIN pg_namespace n ON n.oid = relnamespace
	   WHERE nspname = 'pith' AND relkind = 'r' ORDER BY relname) s
};

# The serial run.
for my $db ('serial', 'conc')
{
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db, 'CREATE EXTENSION pith CASCADE');
	$node->safe_psql($db, $load_docs);
}
# Four papers with the golden references and no links, for the resolver.
for my $db ('serial', 'conc')
{
	$node->safe_psql($db, 'SELECT pith.ingest_record(doc) FROM docs WHERE i = 0');
	$node->safe_psql($db, pith_slurp("$root/test/data/clone_paper.sql"));
	$node->safe_psql($db, q{
		SELECT pith_test.clone_paper('2506.06472', format('2602.%s', lpad(k::text, 5, '0'))::pith.arxiv_id, 1)
		  FROM generate_series(1, 4) k;
		DELETE FROM pith.paper_reference_links
		 WHERE observation_id IN (SELECT observation_id FROM pith.paper_references
		                          WHERE citing_arxiv_id::text LIKE '2602.%');
	});
}
$node->safe_psql('serial', 'SELECT pith.ingest_record(doc) FROM docs ORDER BY i');
$node->safe_psql('serial', q{SELECT pith.resolve_paper(arxiv_id) FROM pith.papers WHERE arxiv_id::text LIKE '2602.%' ORDER BY 1});
my $serial = $node->safe_psql('serial', $records_sql);
my $serial_counts = $node->safe_psql('serial', $counts_sql);
my $serial_links = $node->safe_psql('serial', $links_sql);
ok(length($serial_links) > 0, 'the serial run resolved the four papers');

# The concurrent run: ingest clients and read clients, randomly interleaved.
my $dir = $node->basedir;
open my $fh, '>', "$dir/ingest.sql" or die;
print $fh "\\set i random(0, 8)\nSELECT pith.ingest_record(doc) IS NOT NULL FROM docs WHERE i = :i;\n";
close $fh;
open $fh, '>', "$dir/read.sql" or die;
print $fh "\\set i random(0, 8)\n"
  . "SELECT pith.citation_record(p.arxiv_id) IS NOT NULL FROM docs d JOIN pith.papers p\n"
  . "    ON p.arxiv_id OPERATOR(pith.=) (d.doc->'paper'->>'arxiv_id')::pith.arxiv_id WHERE d.i = :i;\n"
  . "SELECT count(*) FROM pith.outbound_observations o JOIN docs d\n"
  . "    ON o.citing_arxiv_id OPERATOR(pith.=) (d.doc->'paper'->>'arxiv_id')::pith.arxiv_id WHERE d.i = :i;\n";
close $fh;
open $fh, '>', "$dir/resolve.sql" or die;
print $fh "\\set k random(1, 4)\n"
  . "SELECT pith.resolve_paper(('2602.' || lpad(:k::text, 5, '0'))::pith.arxiv_id);\n";
close $fh;
my ($stdout, $stderr);
my $ok = IPC::Run::run(
	[ 'pgbench', '-n', '-c', $clients, '-j', 2, '-T', $seconds,
	  '-f', "$dir/ingest.sql\@3", '-f', "$dir/resolve.sql\@1", '-f', "$dir/read.sql\@1",
	  '-d', $node->connstr('conc') ],
	'>', \$stdout, '2>', \$stderr);
ok($ok, "pgbench: $clients clients for ${seconds}s exit cleanly") or diag($stderr);
my ($done) = $stdout =~ /number of transactions actually processed: (\d+)/;
my ($failed) = $stdout =~ /number of failed transactions: (\d+)/;
$failed //= 0;
diag("pgbench: " . ($done // '?') . " transactions, $failed failed");
ok(defined $done && $done > 9, 'pgbench ran more transactions than there are documents');
is($failed, 0, 'no failed transactions');
unlike($stderr, qr/ERROR/, 'no server errors reported to clients');

# Ingest every document once more (the ones no client happened to pick), then compare.
$node->safe_psql('conc', 'SELECT pith.ingest_record(doc) FROM docs ORDER BY i');
$node->safe_psql('conc', q{SELECT pith.resolve_paper(arxiv_id) FROM pith.papers WHERE arxiv_id::text LIKE '2602.%' ORDER BY 1});
is($node->safe_psql('conc', q{SELECT sum(pith.resolve_paper(arxiv_id)) FROM pith.papers WHERE arxiv_id::text LIKE '2602.%'}),
	'0', 'resolving again without force writes nothing');
is($node->safe_psql('conc', $links_sql), $serial_links, 'every link the resolver wrote says what the serial run says');
is($node->safe_psql('conc', $counts_sql), $serial_counts, 'same rows as the serial run: none duplicated or lost');
is($node->safe_psql('conc', $records_sql), $serial, 'every record byte-identical to the serial run');
# the inbound rows that concurrent writers kept are exactly what a rebuild
# from the references and links computes: a full refresh changes nothing
is($node->safe_psql('conc', q{SELECT pith.refresh_inbound()}), '0',
	'the inbound rows kept by concurrent writers equal a rebuild');

$node->stop;
done_testing();
