import { useId } from "react";

export type BarDatum = {
  /** Full label, read by screen readers and shown in the tooltip: "7 mars". */
  label: string;
  /** Axis label: "07/03". */
  shortLabel: string;
  value: number;
};

const WIDTH = 600;
const HEIGHT = 200;
const AXIS = 22;
const TOP = 16;
/** Room on both sides so the first and last axis labels are not cut. */
const PAD = 24;

/**
 * A bar chart drawn as inline SVG (no chart library). The drawing is one image whose name is
 * `summary`; the figures themselves are in a table that only screen readers get, so nothing
 * depends on seeing the bars. Axis labels are thinned out to `axisLabels` evenly spaced bars.
 */
export function BarChart({
  caption,
  summary,
  data,
  formatValue,
  valueHeader,
  labelHeader,
  axisLabels = 6,
}: {
  caption: string;
  summary: string;
  data: BarDatum[];
  formatValue: (value: number) => string;
  valueHeader: string;
  labelHeader: string;
  axisLabels?: number;
}) {
  const titleId = useId();
  const max = Math.max(0, ...data.map((d) => d.value));
  const slot = WIDTH / Math.max(1, data.length);
  const barWidth = Math.max(2, slot * 0.7);
  const plot = HEIGHT - AXIS - TOP;
  const every = Math.max(1, Math.ceil(data.length / axisLabels));
  return (
    <figure className="m-0">
      <svg
        viewBox={`${-PAD} 0 ${WIDTH + 2 * PAD} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        className="h-auto w-full"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{`${caption}. ${summary}`}</title>
        <text x={0} y={11} className="fill-current text-[11px] text-muted">
          {max > 0 ? `max. ${formatValue(max)}` : ""}
        </text>
        <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="stroke-current text-line" strokeWidth={1} />
        {data.map((d, i) => {
          const h = max > 0 ? Math.round((d.value / max) * plot) : 0;
          const x = i * slot + (slot - barWidth) / 2;
          return (
            <g key={`${d.label}-${i}`}>
              <rect
                x={x}
                y={HEIGHT - AXIS - Math.max(h, d.value > 0 ? 2 : 0)}
                width={barWidth}
                height={Math.max(h, d.value > 0 ? 2 : 0)}
                rx={2}
                className="fill-current text-accent"
              >
                <title>{`${d.label} : ${formatValue(d.value)}`}</title>
              </rect>
              {i % every === 0 ? (
                <text x={i * slot + slot / 2} y={HEIGHT - 6} textAnchor="middle" className="fill-current text-[11px] text-muted">
                  {d.shortLabel}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d, i) => (
              <tr key={`${d.label}-${i}`}>
                <th scope="row">{d.label}</th>
                <td>{formatValue(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
