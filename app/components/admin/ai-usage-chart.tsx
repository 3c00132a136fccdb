// /admin/api-stats' chart: the AI requests of each day of the period, stacked by outcome (success,
// error, refused by the limit). Drawn with visx as plain SVG, so the server renders it and it needs
// no script; its title and description name what it shows, and the table below carries the figures
// for anyone who cannot see it.
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { useId } from "react";
import type { AiUsageDay } from "~/ai/types";
import { AI_USAGE_STATUSES } from "~/lib/enums";

const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 40 };

const SERIES = [
  { key: "success", color: "#15803d", label: AI_USAGE_STATUSES.labels.success },
  { key: "error", color: "#b91c1c", label: AI_USAGE_STATUSES.labels.error },
  { key: "rateLimited", color: "#b45309", label: AI_USAGE_STATUSES.labels.rate_limited },
] as const;

/** "2026-11-24" → "24/11" */
function shortDay(date: string): string {
  const [, month, day] = date.split("-");
  return `${day}/${month}`;
}

export function AiUsageChart({ perDay }: { perDay: AiUsageDay[] }) {
  const id = useId();
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = Math.max(1, ...perDay.map((d) => d.success + d.error + d.rateLimited));
  const x = scaleBand<string>({ domain: perDay.map((d) => d.date), range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  // Up to about 10 day labels, whatever the period.
  const every = Math.max(1, Math.ceil(perDay.length / 10));
  const tickDays = perDay.filter((_, index) => index % every === 0).map((d) => d.date);
  // Requests are counted whole: no 0.5 on the axis of a quiet period.
  const countTicks = y.ticks(5).filter((tick) => Number.isInteger(tick));
  const total = perDay.reduce((sum, d) => sum + d.requests, 0);

  return (
    <figure className="space-y-2">
      {/* On a phone the chart keeps a readable size and scrolls sideways. */}
      <div className="overflow-x-auto">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          className="h-auto w-full min-w-[34rem]"
          data-chart="ai-usage"
        >
          <title id={`${id}-title`}>Richieste AI al giorno</title>
          <desc id={`${id}-desc`}>
            {`${perDay.length} giorni, ${total} richieste in tutto, divise in riuscite (verde), errori (rosso) e rifiutate per limite (arancione). I dati sono nella tabella qui sotto.`}
          </desc>
          <Group left={MARGIN.left} top={MARGIN.top}>
            {perDay.map((day) => {
              let top = innerHeight;
              return SERIES.map((series) => {
                const value = day[series.key];
                if (value <= 0) return null;
                const height = innerHeight - y(value);
                top -= height;
                return (
                  <Bar key={`${day.date}-${series.key}`} x={x(day.date) ?? 0} y={top} width={x.bandwidth()} height={height} fill={series.color} data-day={day.date} data-series={series.key} />
                );
              });
            })}
            <AxisLeft scale={y} tickValues={countTicks} tickFormat={(value) => String(value)} stroke="#57534e" tickStroke="#57534e" tickLabelProps={{ fill: "#44403c", fontSize: 11, textAnchor: "end" }} />
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={tickDays}
              tickFormat={shortDay}
              stroke="#57534e"
              tickStroke="#57534e"
              tickLabelProps={{ fill: "#44403c", fontSize: 11, textAnchor: "middle" }}
            />
          </Group>
        </svg>
      </div>
      <figcaption className="flex flex-wrap gap-4 text-sm text-stone-700">
        {SERIES.map((series) => (
          <span key={series.key} className="flex items-center gap-1">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ backgroundColor: series.color }} />
            {series.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
