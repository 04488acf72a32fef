import { ProgressBar } from '../../../components/ui/progress-bar';
import { progressPercent } from '../collage-layout';

/** Spec section 4: 'Loading Treasures' with a percentage bar until every image has loaded or failed. */
export function LoadingOverlay({ loaded, total, leaving }: { loaded: number; total: number; leaving: boolean }) {
  return (
    <div className={`collage-loader${leaving ? ' collage-loader--leaving' : ''}`} role="status">
      <p className="collage-loader__title">Loading Treasures</p>
      <ProgressBar label="Loading Treasures" percent={progressPercent(loaded, total)} />
    </div>
  );
}
