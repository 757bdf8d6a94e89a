import { describe, expect, it } from 'vitest';
import { readSqlSources, sqlStatements } from '../../db/sql-sources.ts';

describe('sqlStatements', () => {
  it('splits at the semicolons that end statements', () => {
    expect(sqlStatements('SELECT 1;\nSELECT 2;')).toEqual(['SELECT 1;', '\nSELECT 2;']);
  });

  it('keeps semicolons inside dollar-quoted bodies, quotes and comments', () => {
    const text = [
      '-- a comment; not the end',
      "CREATE FUNCTION f() RETURNS text LANGUAGE plpgsql AS $$ BEGIN RETURN 'a;b'; END $$;",
      "CREATE FUNCTION g() RETURNS text LANGUAGE sql AS $body$ SELECT ';' $body$;",
      "SELECT 'it''s; fine', \"odd;name\" /* ; */ FROM t;",
    ].join('\n');
    const statements = sqlStatements(text);
    expect(statements).toHaveLength(3);
    expect(statements[0]).toContain("RETURN 'a;b'; END $$;");
    expect(statements[1]).toContain("$body$ SELECT ';' $body$;");
    expect(statements[2]).toContain("'it''s; fine'");
  });

  it('drops what holds only comments and space', () => {
    expect(sqlStatements('SELECT 1;\n-- the end\n')).toEqual(['SELECT 1;']);
  });

  it('reads every file of db/sql/ into statements that each start with a command', () => {
    for (const source of readSqlSources()) {
      for (const statement of sqlStatements(source.text)) {
        const code = statement.replace(/--[^\n]*/g, '').trim();
        expect(code, source.name).toMatch(
          /^(CREATE OR REPLACE (FUNCTION|TRIGGER|VIEW)|DROP (FUNCTION|TRIGGER|VIEW) IF EXISTS) /,
        );
      }
    }
  });
});
