-- 80_layout.sql -- pith.distribution_layout(): cited_work_authors (new in
-- 0.3.0, read by the resolver beside cited_works) is a reference table.

CREATE OR REPLACE FUNCTION pith.distribution_layout()
RETURNS TABLE (table_name regclass, placement text, distribution_column text, reason text)
LANGUAGE sql STABLE PARALLEL SAFE
BEGIN ATOMIC
    SELECT v.t::regclass, v.p, v.c, v.r
    FROM (VALUES
        (1, 'pith.papers', 'reference', NULL::text,
         'read by other papers'' records (cited and citing papers)'),
        (2, 'pith.paper_versions', 'reference', NULL,
         'read by the resolver for any candidate paper'),
        (3, 'pith.cited_works', 'reference', NULL,
         'read by every record that links to a work'),
        (4, 'pith.scholarly_work_events', 'reference', NULL,
         'read with the works'),
        (5, 'pith.retraction_status_cache', 'reference', NULL,
         'read with the works'),
        (6, 'pith.paper_references', 'distributed', 'citing_arxiv_id',
         'a paper''s references: its outbound observations'),
        (7, 'pith.citation_measurements', 'distributed', 'arxiv_id',
         'a paper''s external citation counts'),
        (8, 'pith.paper_reference_links', 'distributed', 'citing_arxiv_id',
         'a paper''s resolutions, with its references'),
        (9, 'pith.inbound_references', 'distributed', 'cited_arxiv_id',
         'other papers'' references to a paper, with the paper: its inbound observations'),
        (10, 'pith.cited_work_authors', 'reference', NULL,
         'read by the resolver with the works')
    ) AS v(o, t, p, c, r)
    ORDER BY v.o;
END;
COMMENT ON FUNCTION pith.distribution_layout() IS
    'where pith.distribute() puts each of pith''s tables on a Citus cluster: reference (replicated) or distributed by the owning paper''s arXiv id';
