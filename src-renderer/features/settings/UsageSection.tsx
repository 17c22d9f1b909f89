// The team's plan and this period's usage, with the last 30 days as a chart.
import { client } from '../../api/appClient';
import { useLoader } from '../../ui/useLoader';
import { UsageChart } from './UsageChart';

const PLAN_NAMES = { dev: 'Dev', starter: 'Starter', pro: 'Pro', enterprise: 'Enterprise' } as const;
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** Storage budgets are whole decimal megabytes; what is used shows one decimal. */
function megabytes(bytes: number): string {
  return (bytes / 1_000_000).toLocaleString(undefined, { maximumFractionDigits: 1 });
}

export function UsageSection() {
  const usage = useLoader(() => client.getUsage(30), 'usage');
  const data = usage.data;
  return (
    <section className="settings-section" aria-labelledby="usage-title">
      <h2 id="usage-title">Plan and usage</h2>
      {usage.error && (
        <p role="alert" className="error-text">
          Could not load the usage: {usage.error}
        </p>
      )}
      {!data && !usage.error && <p role="status">Loading…</p>}
      {data && (
        <>
          <dl className="facts">
            <div>
              <dt>Plan</dt>
              <dd>{PLAN_NAMES[data.plan]}</dd>
            </div>
            <div>
              <dt>This period</dt>
              <dd>
                {dayFormat.format(new Date(data.period.start))} –{' '}
                {dayFormat.format(new Date(new Date(data.period.end).getTime() - 1))}
              </dd>
            </div>
            <div>
              <dt>Live renders</dt>
              <dd>{data.renders.live.toLocaleString()}</dd>
            </div>
            <div>
              <dt>Test renders</dt>
              <dd>{data.renders.test.toLocaleString()}</dd>
            </div>
            <div>
              <dt>Quota</dt>
              <dd>
                {data.quota.limit === -1
                  ? 'Unlimited'
                  : `${data.quota.remaining.toLocaleString()} of ${data.quota.limit.toLocaleString()} left (${data.quota.hardCap ? 'hard cap' : 'soft cap'})`}
              </dd>
            </div>
            <div>
              <dt>Kept outputs</dt>
              <dd>{`${megabytes(data.storage.usedBytes)} of ${megabytes(data.storage.limitBytes)} MB`}</dd>
            </div>
          </dl>
          <h3>Last 30 days</h3>
          <UsageChart perDay={data.perDay} />
        </>
      )}
    </section>
  );
}
