import { openDatabase } from '../db/client.ts';
import { listProviders } from '../src/api/providers/list-providers.ts';
import { ProviderQuerySchema } from '../src/lib/schemas/provider-query.ts';
const handle = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/vp_after20k' });
const q = process.argv[2] ?? 'cape town';
await handle.db.execute("LOAD 'auto_explain'" as never).catch(() => {});
const parsed = ProviderQuerySchema.parse({ search: q });
for (let i = 0; i < 3; i++) { const t = performance.now(); const r = await listProviders(handle.db, parsed); console.log(q, r.total, (performance.now() - t).toFixed(1), 'ms'); }
await handle.close();
