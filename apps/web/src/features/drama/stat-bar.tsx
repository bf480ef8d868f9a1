export function StatBar({
  label,
  value,
  max,
  tone,
  owner,
}: {
  label: string;
  /** Whose bar this is, when it is not the player's: part of the accessible name. */
  owner?: string;
  value: number;
  max: number;
  tone: 'health' | 'magic' | 'experience';
}) {
  const percent = Math.max(0, Math.min(100, (value / max) * 100));
  return (
    <div className="stat-bar">
      <span className="stat-bar__label">{label}</span>
      {/* biome-ignore lint/a11y/useSemanticElements: <meter> cannot take the gradient fills these bars use. */}
      <span
        className={`stat-bar__track stat-bar__track--${tone}`}
        role="meter"
        aria-label={owner ? `${owner} · ${label}` : label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
      >
        <span className="stat-bar__fill" style={{ width: `${percent}%` }} />
      </span>
      <span className="stat-bar__value">{value}</span>
    </div>
  );
}
