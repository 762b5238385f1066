import { PGlite } from '@electric-sql/pglite';
const n = Number(process.argv[2]);
const t0 = Date.now();
const dbs = [];
for (let i = 0; i < n; i++) { (await import('node:fs')).mkdirSync(`/tmp/pgm/${n}`, {recursive:true}); const db = new PGlite(`/tmp/pgm/${n}/${i}`); await db.query('create table if not exists t(a int)'); dbs.push(db); }
console.log(n, 'instances', Date.now() - t0, 'ms', Math.round(process.memoryUsage().rss / 1e6), 'MB rss');
