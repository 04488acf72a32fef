import './progress-bar.css';

/** A labelled percentage bar with the figure under it (the collage's and the moodboard's loaders). */
export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  return (
    <>
      <div
        className="progress-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="progress-bar__percent">{percent}%</p>
    </>
  );
}
