import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { sqliteFileFromUrl } from '@/lib/server/db/sqlite-file';
import { diffSchemas } from '@/scripts/db-schema-engine';
import { addMigration, tempDir, tempSqliteUrl } from './helpers';

// Prisma rebuilds a SQLite table to change a column: create new_X, copy, DROP
// X, rename. With foreign keys on, that DROP would cascade into child tables;
// the runner must switch them off around the transaction.
const schema = (parentColumns: string) => `
datasource db {
  provider = "sqlite"
}
model Parent {
  id       Int     @id
${parentColumns}
  children Child[]
}
model Child {
  id       Int    @id
  parentId Int
  parent   Parent @relation(fields: [parentId], references: [id], onDelete: Cascade)
}
`;

describe('SQLite table rebuilds', () => {
  it('keep the rows of child tables', async () => {
    const before = schema('  label    String?');
    const after = schema('  label    String  @default("none")');
    const root = tempDir();
    addMigration(root, 'sqlite', '20000101000000_init', await diffSchemas('sqlite', null, before));
    const rebuild = await diffSchemas('sqlite', before, after);
    expect(rebuild).toMatch(/DROP TABLE "Parent"/);

    const url = tempSqliteUrl();
    await migrateDatabase(url, { migrationsRoot: root });
    const db = new Database(sqliteFileFromUrl(url));
    db.exec(
      `INSERT INTO "Parent" ("id", "label") VALUES (1, 'a'); INSERT INTO "Child" ("id", "parentId") VALUES (10, 1), (11, 1);`,
    );

    addMigration(root, 'sqlite', '20000102000000_rebuild', rebuild);
    expect(await migrateDatabase(url, { migrationsRoot: root })).toEqual({ applied: ['20000102000000_rebuild'] });
    expect(db.prepare('SELECT count(*) AS n FROM "Child"').get()).toEqual({ n: 2 });
    expect(db.prepare('SELECT "label" FROM "Parent"').get()).toEqual({ label: 'a' });
    db.close();
  });

  it('refuse a rebuild that leaves dangling foreign keys', async () => {
    const root = tempDir();
    addMigration(root, 'sqlite', '20000101000000_init', await diffSchemas('sqlite', null, schema('')));
    const url = tempSqliteUrl();
    await migrateDatabase(url, { migrationsRoot: root });
    const db = new Database(sqliteFileFromUrl(url));
    db.exec(`INSERT INTO "Parent" ("id") VALUES (1); INSERT INTO "Child" ("id", "parentId") VALUES (10, 1);`);
    addMigration(root, 'sqlite', '20000102000000_orphan', 'DELETE FROM "Parent";');
    await expect(migrateDatabase(url, { migrationsRoot: root })).rejects.toThrow(/foreign key violation/);
    expect(db.prepare('SELECT count(*) AS n FROM "Parent"').get()).toEqual({ n: 1 });
    db.close();
  });
});
