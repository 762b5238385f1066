import { toGrpcError, conflict } from '../src/errors';
import { createTestDatabase } from '../src/testing';
import { migrate } from '../src/db/migrate';
import { kitMigrations } from '../src/events/kit-migrations';

async function main() {
  try {
    const p = toGrpcError(conflict('Username taken', { suggestion: 'José1' }));
    console.log('ok', p.metadata.getMap());
  } catch (e) {
    console.log('toGrpcError threw:', (e as Error).message);
  }
  let t = Date.now();
  const tdb = await createTestDatabase('kit_scratch');
  console.log(tdb.kind, 'init ms', Date.now() - t);
  t = Date.now();
  const other = tdb.connect();
  const r = await Promise.allSettled([
    migrate(tdb.db, tdb.schema, kitMigrations),
    migrate(other, tdb.schema, kitMigrations),
  ]);
  console.log(
    'concurrent migrate',
    Date.now() - t,
    r.map((x) => (x.status === 'fulfilled' ? x.value : String((x.reason as Error).message))),
  );
  await tdb.db.destroy();
  await tdb.db.raw('select 1').then(
    () => console.log('query after destroy OK?!'),
    (e) => console.log('after destroy:', e.message),
  );
  await tdb.close();
}
void main();
