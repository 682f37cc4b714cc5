// Test support: a database's schema as plain data (its tables' columns, constraints and indexes in
// the current schema), to compare a new database with an upgraded one.
import type { Db } from '../platform/db/db.js';

export interface SchemaSnapshot {
  columns: string[];
  constraints: string[];
  indexes: string[];
}

export async function schemaOf(db: Db): Promise<SchemaSnapshot> {
  const { rows: schemas } = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  const schema = schemas[0]!.schema;
  // Index definitions name the table with its schema, which differs between two test databases.
  const unqualified = (text: string) => text.replaceAll(`${schema}.`, '');
  const columns = await db.query<{ line: string }>(
    `SELECT concat_ws(' ', c.table_name, c.ordinal_position, c.column_name, c.data_type, c.udt_name,
              c.is_nullable, c.column_default) AS line
       FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        AND c.table_name <> 'schema_migrations'`,
  );
  const constraints = await db.query<{ line: string }>(
    `SELECT concat_ws(' ', rel.relname, con.conname, con.contype, pg_get_constraintdef(con.oid)) AS line
       FROM pg_constraint con
       JOIN pg_class rel ON rel.oid = con.conrelid
       JOIN pg_namespace ns ON ns.oid = rel.relnamespace
      WHERE ns.nspname = current_schema() AND rel.relname <> 'schema_migrations'`,
  );
  const indexes = await db.query<{ line: string }>(
    `SELECT concat_ws(' ', tablename, indexname, indexdef) AS line
       FROM pg_indexes WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'`,
  );
  return {
    columns: columns.rows.map((row) => unqualified(row.line)).sort(),
    constraints: constraints.rows.map((row) => unqualified(row.line)).sort(),
    indexes: indexes.rows.map((row) => unqualified(row.line)).sort(),
  };
}
