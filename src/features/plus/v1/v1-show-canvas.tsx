import type { ShowDraft } from './show-layout';

/** The show drawn to scale: its devices (type and size) and, dashed, its content areas numbered from 1. */
export function V1ShowCanvas({ show, highlight }: { show: ShowDraft; highlight?: number }) {
  if (!show.width || !show.height) return null;
  const stroke = Math.max(2, show.width / 300);
  return (
    <svg
      className="v1-canvas"
      viewBox={`0 0 ${show.width} ${show.height}`}
      role="img"
      aria-label={`${show.width}x${show.height}`}
      data-testid="v1-show-canvas"
    >
      {show.device.map((d, i) => (
        <g key={`d${i}`}>
          <rect
            x={d.left}
            y={d.top}
            width={d.width}
            height={d.height}
            fill={d.type === '23' ? '#dbeafe' : '#dcfce7'}
            stroke="#334155"
            strokeWidth={stroke}
          />
          <text
            x={d.left + 20}
            y={d.top + Math.min(d.height * 0.55, 90)}
            fontSize={Math.min(64, d.height * 0.4)}
            fill="#334155"
          >{`${d.type}"  ${d.width}x${d.height}`}</text>
        </g>
      ))}
      {show.contentArea.map((a, i) => (
        <g key={`a${i}`} data-testid="v1-show-area">
          <rect
            x={a.left}
            y={a.top}
            width={a.width}
            height={a.height}
            fill={highlight === i ? 'rgba(234,88,12,0.25)' : 'none'}
            stroke="#ea580c"
            strokeDasharray={`${stroke * 6} ${stroke * 4}`}
            strokeWidth={stroke * 1.5}
          />
          <text
            x={a.left + a.width / 2}
            y={a.top + a.height / 2}
            fontSize={Math.min(140, a.height * 0.4)}
            fill="#ea580c"
            textAnchor="middle"
          >
            {i + 1}
          </text>
        </g>
      ))}
    </svg>
  );
}
