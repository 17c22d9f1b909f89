// Renders per day as stacked SVG bars (live and test), with the same numbers as a table for screen readers and keyboards.
import { useId } from 'react';
import type { DailyRenders } from '@shared/api/editorApi';
import { usageChartModel } from './usageChartModel';

const SIZE = { width: 660, height: 190, left: 36, bottom: 22, top: 10, right: 20 };

export function UsageChart({ perDay }: { perDay: readonly DailyRenders[] }) {
  const titleId = useId();
  const model = usageChartModel(perDay, SIZE);
  const plotBottom = SIZE.height - SIZE.bottom;
  return (
    <figure className="usage-chart">
      <svg
        viewBox={`0 0 ${SIZE.width} ${SIZE.height}`}
        role="img"
        aria-labelledby={titleId}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>
          Renders per day over the last {perDay.length} days: {model.totals.live} live and {model.totals.test} test.
        </title>
        {model.ticks.map((tick) => (
          <g key={tick.value}>
            <line x1={SIZE.left} x2={SIZE.width - SIZE.right} y1={tick.y} y2={tick.y} className="chart-grid" />
            <text x={SIZE.left - 6} y={tick.y} className="chart-axis" textAnchor="end" dominantBaseline="middle">
              {Number(tick.value.toFixed(1))}
            </text>
          </g>
        ))}
        {model.bars.map((bar) => (
          <g key={bar.day}>
            {bar.live.height > 0 && (
              <rect x={bar.x} y={bar.live.y} width={bar.width} height={bar.live.height} className="bar-live" />
            )}
            {bar.test.height > 0 && (
              <rect x={bar.x} y={bar.test.y} width={bar.width} height={bar.test.height} className="bar-test" />
            )}
            {bar.label && (
              <text x={bar.x + bar.width / 2} y={plotBottom + 14} className="chart-axis" textAnchor="middle">
                {bar.label}
              </text>
            )}
          </g>
        ))}
      </svg>
      <figcaption className="chart-legend">
        <span className="legend-live">Live</span> <span className="legend-test">Test</span>
      </figcaption>
      <details className="chart-table">
        <summary>Renders per day as a table</summary>
        <table>
          <caption className="visually-hidden">Renders per day</caption>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              <th scope="col">Live</th>
              <th scope="col">Test</th>
            </tr>
          </thead>
          <tbody>
            {[...perDay].reverse().map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{day.live}</td>
                <td>{day.test}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
