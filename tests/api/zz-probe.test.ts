import { afterAll, beforeAll, it } from 'vitest';
import { insertProvider } from '../helpers/builders.ts';
import { startTestApi, type TestApi } from '../helpers/test-api.ts';

let api: TestApi;
beforeAll(async () => { api = await startTestApi(); });
afterAll(() => api.close());

const names = async (path: string) => ((await (await api.get(path)).json()) as {name:string, distanceKm?: number}[]).map(p=>[p.name, p.distanceKm]);
it('probe', async () => {
  const db = api.database.db;
  await insertProvider(db, { name: 'ÉLITE Alarms', province: 'kwazulu-natal', location: 'Durban', description: 'x' });
  await insertProvider(db, { name: 'NoCoord', latitude: null, longitude: null });
  await insertProvider(db, { name: 'Coord' });
  console.log('kzn', await names('/api/providers?search=KwaZulu-Natal'));
  console.log('kzn2', await names('/api/providers?search=kwazulu%20natal'));
  console.log('elite', await names('/api/providers?search=%C3%89LITE'));
  console.log('elite lower', await names('/api/providers?search=%C3%A9lite'));
  console.log('geo', await names('/api/providers?userLat=-33.9&userLng=18.4'));
  console.log('pct', await names('/api/providers?search=%25'), await names('/api/providers?search=_'));
});
