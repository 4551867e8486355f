import { initials } from "../lib/format";

const PALETTE = [
  ["#01BD9B", "#017f6a"],
  ["#E0AC3F", "#ad7f2a"],
  ["#3f6b8f", "#1d3a52"],
];

/** An inline SVG portrait placeholder: initials on a brand gradient. No external image. */
export function InitialsAvatar({ name, size = 72, index = 0 }: { name: string; size?: number; index?: number }) {
  const [from, to] = PALETTE[index % PALETTE.length]!;
  const id = `avatar-${index}`;
  return (
    <svg width={size} height={size} viewBox="0 0 72 72" role="img" aria-label={`Portrait of ${name}`}>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <circle cx="36" cy="36" r="36" fill={`url(#${id})`} />
      <text x="36" y="36" dy="0.35em" textAnchor="middle" fontSize="26" fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
        {initials(name)}
      </text>
    </svg>
  );
}
