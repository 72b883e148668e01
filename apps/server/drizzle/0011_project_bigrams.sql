-- The distinct character bigrams of a text, for the projects' keyword index (search_grams, next migration): a
-- keyword is contained only where all its bigrams are, which a GIN index on the array answers for keywords of two
-- characters, the usual Chinese search, where a trigram index cannot help. Built-ins only, so it runs the same on
-- PostgreSQL and on PGlite without extensions. IMMUTABLE, as a generated column requires; sorted by code point
-- (COLLATE "C"), so a row's array depends neither on how DISTINCT was planned nor on the database's collation.
CREATE FUNCTION project_bigrams(source text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN ARRAY(
    SELECT DISTINCT substr(source, at, 2) COLLATE "C"
    FROM generate_series(1, char_length(source) - 1) AS at
    ORDER BY 1
  );
