import type Database from "libsql";

/** An open libsql database: what the schema, the group commit and the store work on. */
export type SqliteDatabase = InstanceType<typeof Database>;
