/** The server-postgres project runs on a PostgreSQL server: said at once, rather than skipped. */
export default function needsPostgres(): void {
  if (!process.env.DATABASE_URL) {
    throw new Error('the server-postgres project needs DATABASE_URL (postgres://postgres@127.0.0.1:5432/test)');
  }
}
