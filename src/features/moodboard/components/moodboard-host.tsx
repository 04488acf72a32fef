import { useAtom } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { moodboardOpenAtom } from '../../../lib/ui-state';

// The board, its gestures and modern-screenshot load when a visitor first asks for a moodboard.
const CartMoodboard = lazy(() => import('./cart-moodboard'));

/** Mounts the cart's moodboard once it is first opened; until its code arrives, the loading screen. */
export function MoodboardHost() {
  const [open, setOpen] = useAtom(moodboardOpenAtom);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted) return null;
  return (
    <Suspense
      fallback={
        <Dialog open={open} onClose={() => setOpen(false)} title="Creating Your Moodboard" size="full">
          <div className="moodboard-loading" role="status">
            <ProgressBar label="Creating Your Moodboard" percent={0} />
          </div>
        </Dialog>
      }
    >
      <CartMoodboard />
    </Suspense>
  );
}
