// Which process works on a print job: each queue's identity, and when a claim is abandoned so another queue may take the job.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { ClaimOwner, JobClaim } from '../store/queries/printJobs';

/** A new identity per queue: two queues in one process (a test, or the CLI beside its own server) still tell their claims apart. */
export function newClaimOwner(): ClaimOwner {
  return { token: randomUUID(), pid: process.pid, host: hostname() };
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A claim is abandoned when its owner stopped saying it is alive for `leaseMs` (a process frozen, or on another host
 * that died), or at once when the owner was a process on this host that no longer runs (kill -9, a crash): a restart
 * then resumes its jobs without waiting out the lease. A reused pid only delays that to the lease.
 */
export function isAbandoned(claim: JobClaim, now: number, leaseMs: number): boolean {
  if (now - claim.heartbeatAt > leaseMs) return true;
  return claim.host === hostname() && !processRuns(claim.pid);
}
