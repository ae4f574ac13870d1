# 005_ingest_races.pl -- ingests that meet at the same moment, with real
# concurrent sessions and barriers instead of sleeps:
#
#  * contradictions: session 1 loads a document and keeps its transaction
#    open; session 2 loads a document that contradicts it (a paper's title,
#    or a shared work's title) and is seen waiting for a lock; then session 1
#    commits.  Session 2 must be refused with 23000, exactly as if it had run
#    afterwards, and nothing of it may be stored.
#  * deadlocks: two papers that cite each other (each document holds the
#    other's reference to it as inbound), ingested into empty tables by 2 and
#    then 4 sessions released together from an advisory-lock barrier, for a
#    bounded number of rounds.  No ingest may fail (no 40P01, no error at
#    all), and every round must store what a serial load stores.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use PithTAP;
use PostgreSQL::Test::Utils;
use Test::More;
use IPC::Run;

my $rounds2 = $ENV{PITH_RACE_ROUNDS_2} // 50;
my $rounds4 = $ENV{PITH_RACE_ROUNDS_4} // 25;
my $node = pith_node('races', "max_connections = 30\ndeadlock_timeout = 10ms\n");
my $root = $ENV{PITH_ROOT};
my $golden = pith_slurp(pith_golden_path());
$golden =~ s/'/''/g;
my $smartswap = pith_slurp("$root/test/data/smartswap_record.json");
$smartswap =~ s/'/''/g;

# The documents, built in a scratch database: the golden record and the
# SmartSwap record as they are, and two mutually citing papers.
$node->safe_psql('postgres', 'CREATE DATABASE gen');
$node->safe_psql('gen', 'CREATE EXTENSION pith CASCADE');
$node->safe_psql('gen', "SELECT pith.ingest_record('$golden'::jsonb)");
$node->safe_psql('gen', "SELECT pith.ingest_record('$smartswap'::jsonb)");
$node->safe_psql('gen', pith_slurp("$root/test/data/clone_paper.sql"));
# The two papers: clones of SmartSwap (so the two loads cost the same and
# meet), 2603.00001 citing 2603.00013 and six papers of its own,
# 2603.00013 citing 2603.00001 and twelve others: the documents share two
# papers and differ in the rest, so a merge of each document's papers in
# hash order (what 0.2.0 did) may take the shared ones in different orders.
$node->safe_psql('gen', q{
	SELECT pith_test.clone_paper('2510.04567', '2603.00001', 1);
	SELECT pith_test.clone_paper('2510.04567', '2603.00013', 1);
	INSERT INTO pith.papers (arxiv_id, title, snapshot_observed_at)
	SELECT format('%s.%s', m, lpad(k::text, 5, '0'))::pith.arxiv_id, format('Paper %s of %s', k, m), '2026-01-01'
	  FROM (VALUES ('2604', 6), ('2605', 12)) v(m, n), generate_series(1, v.n) k;
	INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index,
	       raw_text, title, year, pith_arxiv_id, source, source_observed_at)
	VALUES (md5('mutual 1')::uuid, '2603.00001', 1, 100, 'The other clone. arXiv:2603.00013',
	        'The other clone', 2026, '2603.00013', 'pdf_text', '2026-08-07T07:00:00Z'),
	       (md5('mutual 2')::uuid, '2603.00013', 1, 100, 'The other clone. arXiv:2603.00001',
	        'The other clone', 2026, '2603.00001', 'pdf_text', '2026-08-07T07:00:00Z');
	INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index,
	       raw_text, title, year, pith_arxiv_id, source, source_observed_at)
	SELECT md5(c || ' cites ' || k)::uuid, c::pith.arxiv_id, 1, 100 + k, format('Paper %s of %s', k, m),
	       format('Paper %s of %s', k, m), 2026, format('%s.%s', m, lpad(k::text, 5, '0')), 'pdf_text',
	       '2026-08-07T07:00:00Z'
	  FROM (VALUES ('2603.00001', '2604', 6), ('2603.00013', '2605', 12)) v(c, m, n), generate_series(1, v.n) k;
	SELECT pith.refresh_inbound();
});
my $docs_sql = q{
	CREATE TABLE docs (name text PRIMARY KEY, doc jsonb NOT NULL);
};
for my $name ('2506.06472', '2510.04567', '2603.00001', '2603.00013')
{
	my $doc = $node->safe_psql('gen',
		"SELECT pith.canonical_json(pith.citation_record('$name', '2026-08-08T05:57:00Z', 1000, 1000))");
	$docs_sql .= "INSERT INTO docs VALUES ('$name', \$doc\$$doc\$doc\$);\n";
}
# The contradicting versions (loaded with verify => false: their digests
# are stale): SmartSwap with another title for the paper and every
# citing_paper object, as in the report; the golden record with another
# title for one shared work.
$docs_sql .= q{
	INSERT INTO docs
	SELECT 'smartswap retitled',
	       jsonb_set(doc, '{paper,title}', '"Another title"')
	       || jsonb_build_object('outbound', (SELECT jsonb_agg(jsonb_set(o, '{citation,citing_paper,title}', '"Another title"')
	                                                           ORDER BY n)
	                                          FROM jsonb_array_elements(doc -> 'outbound') WITH ORDINALITY AS e(o, n)))
	FROM docs WHERE name = '2510.04567';
	INSERT INTO docs
	SELECT 'golden work retitled',
	       jsonb_set(doc, '{outbound,0,citation,cited_work,title}', '"Another work title"')
	FROM docs WHERE name = '2506.06472';
};
my $counts_sql = q{
	SELECT string_agg(c, ' ') FROM (
	  SELECT format('%s=%s', relname, (xpath('/row/c/text()',
	         query_to_xml(format('SELECT count(*) AS c FROM %I.%I', nspname, relname), false, true, '')))[1]) AS c
	    FROM pg_class JOIN pg_namespace n ON n.oid = relnamespace
	   WHERE nspname = 'pith' AND relkind = 'r' ORDER BY relname) s
};
my $truncate_sql = q{
	TRUNCATE pith.papers, pith.paper_versions, pith.paper_references, pith.cited_works,
	         pith.paper_reference_links, pith.scholarly_work_events, pith.retraction_status_cache,
	         pith.citation_measurements, pith.inbound_references,
	         pith.papers_history, pith.paper_versions_history, pith.cited_works_history;
};
for my $db ('serial', 'contra', 'race')
{
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db, 'CREATE EXTENSION pith CASCADE');
	$node->safe_psql($db, $docs_sql);
}
my $work_title = $node->safe_psql('contra', q{
	SELECT doc -> 'outbound' -> 0 -> 'citation' -> 'cited_work' ->> 'title' FROM docs WHERE name = '2506.06472'});
isnt($work_title, '', 'the golden record\'s first reference is linked to a titled work');

# The serial answer for the mutually citing papers.
$node->safe_psql('serial', q{SELECT pith.ingest_record(doc) FROM docs WHERE name IN ('2603.00001', '2603.00013') ORDER BY name});
my $serial_counts = $node->safe_psql('serial', $counts_sql);
my $records_sql = q{
	SELECT string_agg(md5(pith.canonical_json(pith.citation_record(p, '2026-08-08T05:57:00Z', 1000, 1000))), ' ' ORDER BY p)
	  FROM unnest('{2603.00001,2603.00013}'::pith.arxiv_id[]) AS p
};
my $serial_records = $node->safe_psql('serial', $records_sql);
like($serial_counts, qr/paper_references=\d+/, "serial load of the mutually citing papers: $serial_counts");

# A psql session driven through its stdin; returns (harness, \stdin, \stdout, \stderr).
sub session
{
	my ($db) = @_;
	my ($in, $out, $err) = ('', '', '');
	my $h = IPC::Run::start(
		[ 'psql', '-XAtq', '-v', 'ON_ERROR_STOP=0', '-v', 'VERBOSITY=verbose', '-d', $node->connstr($db) ],
		'<', \$in, '>', \$out, '2>', \$err);
	return ($h, \$in, \$out, \$err);
}

# Send SQL to a session and wait until it printed the marker after it.
my $marker = 0;
sub run_in
{
	my ($h, $in, $out, $sql) = @_;
	my $m = 'done-' . ++$marker;
	$$in .= "$sql\n\\echo $m\n";
	$h->pump until $$out =~ /\Q$m\E/;
}

# Wait until N backends of DB wait for a lock, or one of the sessions
# given has already answered (no timing: a bounded poll).
sub wait_for_lock_waiters
{
	my ($db, $n, @sessions) = @_;
	for (1 .. 3000)
	{
		for my $w (@sessions)
		{
			$w->[0]->pump_nb;
			return if ${ $w->[2] } ne '' || ${ $w->[3] } ne '';
		}
		return if $node->safe_psql($db,
			"SELECT count(*) >= $n FROM pg_stat_activity WHERE datname = '$db' AND wait_event_type = 'Lock'") eq 't';
	}
	die "no $n lock waiters in $db";
}

# 1. Contradictions that meet a transaction still loading.
for my $case (['2510.04567', 'smartswap retitled', 'papers row 2510.04567: title'],
	['2506.06472', 'golden work retitled', 'cited_works row'])
{
	my ($first, $second, $detail) = @$case;
	$node->safe_psql('contra', $truncate_sql);
	my ($h1, $in1, $out1, $err1) = session('contra');
	run_in($h1, $in1, $out1, "BEGIN;\nSELECT pith.ingest_record(doc) IS NOT NULL FROM docs WHERE name = '$first';");
	my @s2 = session('contra');
	my ($h2, $in2, $out2, $err2) = @s2;
	$$in2 .= "SELECT pith.ingest_record(doc, false) FROM docs WHERE name = '$second';\n";
	$h2->pump_nb;
	wait_for_lock_waiters('contra', 1, \@s2);
	run_in($h1, $in1, $out1, 'COMMIT;');
	$$in1 .= "\\q\n";
	$h1->finish;
	$$in2 .= "\\q\n";
	$h2->finish;
	like($$err2, qr/ERROR:  23000: citation record contradicts stored data/,
		"$second, loaded while $first is being loaded: refused with 23000");
	like($$err2, qr/\Q$detail\E/, "$second: the DETAIL names the contradicted row ($detail)");
	is($$out2, '', "$second: no result row (nothing silently dropped)");
	my $first_alone = $node->safe_psql('contra',
		"SELECT pith.canonical_json(pith.citation_record('$first', '2026-08-08T05:57:00Z', 1000, 1000)) = "
		  . "pith.canonical_json(doc) FROM docs WHERE name = '$first'");
	is($first_alone, 't', "$second: the stored record is exactly $first\'s document");
	# and one after the other, the same answer
	my ($rc, $o, $e) = $node->psql('contra',
		"\\set VERBOSITY verbose\nSELECT pith.ingest_record(doc, false) FROM docs WHERE name = '$second'");
	like($e, qr/ERROR:  23000: citation record contradicts stored data/, "$second, loaded afterwards: 23000 too");
}

# 2. Mutually citing papers, first-time ingests into empty tables, N
#    sessions released together.
for my $plan ([2, $rounds2], [4, $rounds4])
{
	my ($n, $rounds) = @$plan;
	my ($errors, $deadlocks, $ingests, $wrong) = (0, 0, 0, 0);
	my @errors;
	for my $round (1 .. $rounds)
	{
		$node->safe_psql('race', $truncate_sql);
		my ($hc, $inc, $outc, $errc) = session('race');
		run_in($hc, $inc, $outc, 'SELECT pg_advisory_lock(5005);');
		my @s;
		for my $k (0 .. $n - 1)
		{
			my @w = session('race');
			my $name = $k % 2 ? '2603.00013' : '2603.00001';
			${ $w[1] } .= "SELECT pg_advisory_lock_shared(5005);\nSELECT pg_advisory_unlock_shared(5005);\n"
			  . "SELECT pith.ingest_record(doc) IS NOT NULL FROM docs WHERE name = '$name';\n\\q\n";
			$w[0]->pump_nb;
			push @s, \@w;
		}
		wait_for_lock_waiters('race', $n, @s);
		run_in($hc, $inc, $outc, 'SELECT pg_advisory_unlock(5005);');
		$$inc .= "\\q\n";
		$hc->finish;
		for my $w (@s)
		{
			$w->[0]->finish;
			$ingests++;
			if (${ $w->[3] } =~ /ERROR/)
			{
				$errors++;
				$deadlocks++ if ${ $w->[3] } =~ /40P01/;
				push @errors, ${ $w->[3] } if @errors < 3;
			}
		}
		$wrong++ if $node->safe_psql('race', $counts_sql) ne $serial_counts;
		$wrong++ if $round == $rounds && $node->safe_psql('race', $records_sql) ne $serial_records;
	}
	diag("$n sessions: $errors of $ingests ingests failed, $deadlocks with 40P01");
	is($deadlocks, 0, "$n sessions, $rounds rounds ($ingests ingests): no deadlock (40P01)");
	is($errors, 0, "$n sessions: no ingest failed") or diag(join("\n", @errors));
	is($wrong, 0, "$n sessions: every round stored the rows (and records) of a serial load");
}

$node->stop;
done_testing();
