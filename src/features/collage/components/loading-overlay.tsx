import { progressPercent } from '../collage-layout';

/** Spec section 4: 'Loading Treasures' with a percentage bar until every image has loaded or failed. */
export function LoadingOverlay({ loaded, total, leaving }: { loaded: number; total: number; leaving: boolean }) {
  const percent = progressPercent(loaded, total);
  return (
    <div className={`collage-loader${leaving ? ' collage-loader--leaving' : ''}`} role="status">
      <p className="collage-loader__title">Loading Treasures</p>
      <div
        className="collage-loader__bar"
        role="progressbar"
        aria-label="Loading Treasures"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="collage-loader__percent">{percent}%</p>
    </div>
  );
}
