// Test fixture for storeConcurrency.test.ts: one process of several racing on one store: counter reservations and job claims, each outcome printed as a line.
import { writeSync } from 'node:fs';
import { openStore } from '@main/store/openStore';

const [dataDir, databaseUrl, teamId, token, jobIds] = process.argv.slice(2);
if (
  dataDir === undefined ||
  databaseUrl === undefined ||
  teamId === undefined ||
  token === undefined ||
  jobIds === undefined
) {
  throw new Error('usage: raceWriter DATA_DIR DATABASE_URL|- TEAM_ID TOKEN JOB_ID,…');
}
const store = await openStore(dataDir, { removeOrphans: false, ...(databaseUrl === '-' ? {} : { databaseUrl }) });
const owner = { token, pid: process.pid, host: 'race' };
const jobs = jobIds.split(',');
for (let n = 0; n < 40; n += 1) {
  const reservation = await store.counters.reserve(teamId, { parcel: { start: 1, step: 1 } }, 3);
  writeSync(1, `reserved ${reservation.first.parcel}\n`);
  const job = jobs[n % jobs.length];
  if (job !== undefined && (await store.printJobs.claim(job, null, owner, Date.now())))
    writeSync(1, `claimed ${job}\n`);
}
await store.close();
