/** Column types per dialect (CONTRACT.md §7), so one migration serves all three. */
import { type ColumnDataType, type Expression, sql } from 'kysely';
import type { Dialect } from '../schema.ts';

type DataType = ColumnDataType | Expression<unknown>;

export interface ColumnTypes {
  /** primary and foreign keys */
  id: DataType;
  /** short strings that are unique, indexed or sorted */
  key: DataType;
  /** free text */
  text: DataType;
  date: DataType;
  bool: DataType;
  int: DataType;
  bigint: DataType;
}

export function columnTypes(dialect: Dialect): ColumnTypes {
  switch (dialect) {
    case 'postgres':
      return {
        id: 'text',
        key: 'text',
        text: 'text',
        date: 'timestamptz',
        bool: 'boolean',
        int: 'integer',
        bigint: 'bigint',
      };
    case 'mysql':
      return {
        id: 'varchar(36)',
        key: 'varchar(255)',
        text: 'text',
        date: sql`datetime(3)`,
        bool: 'boolean',
        int: 'integer',
        bigint: 'bigint',
      };
    default:
      return {
        id: 'text',
        key: 'text',
        text: 'text',
        date: 'text',
        bool: 'integer',
        int: 'integer',
        bigint: 'integer',
      };
  }
}
